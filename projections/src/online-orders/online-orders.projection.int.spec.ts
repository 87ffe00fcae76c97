import { randomUUID } from 'node:crypto';
import { onlineOrderResponse, type EventData, type OnlineOrderStatus } from '@shop/contracts';
import { FakeLedger, newEvent, useReadModelDatabase, project, snapshotTables } from '../testing/projection-test-kit';
import { countOnlineOrders } from './count-online-orders.query';
import { getOnlineOrder, listOnlineOrders } from './list-online-orders.query';
import { onlineOrdersProjection } from './online-orders.projection';

const placed = (
  orderNumber: string,
  overrides: Partial<EventData<'OnlineOrderPlaced'>> = {},
): EventData<'OnlineOrderPlaced'> => ({
  orderId: randomUUID(),
  orderNumber,
  customerId: null,
  customerName: 'Amaka Obi',
  customerEmail: 'amaka@example.com',
  customerPhone: null,
  customerAddress: '12 Allen Avenue',
  customerCity: 'Ikeja',
  customerPostalCode: null,
  customerCountry: 'Nigeria',
  items: [{ productId: randomUUID(), productName: 'Cocoa Lotion', quantity: 2, price: '1500.00' }],
  totalAmount: '3000.00',
  notes: null,
  ...overrides,
});

const moved = (order: EventData<'OnlineOrderPlaced'>, from: OnlineOrderStatus, to: OnlineOrderStatus, at: string) =>
  newEvent('OnlineOrderStatusChanged', { orderId: order.orderId, orderNumber: order.orderNumber, from, to }, at);

describe('online orders projection', () => {
  const db = useReadModelDatabase();
  beforeEach(() => db.knex.raw('truncate online_orders, projection_checkpoints'));

  it('lists orders oldest first and follows each through its statuses, batch by batch', async () => {
    const ledger = new FakeLedger();
    const first = placed('ORD-20250310-AAAAAA');
    const second = placed('ORD-20250310-BBBBBB');
    const third = placed('ORD-20250310-CCCCCC');
    const batchOne = ledger.stored([
      newEvent('OnlineOrderPlaced', first, '2025-03-10T08:00:00.000Z'),
      // Same instant as the next one: global order breaks the tie.
      newEvent('OnlineOrderPlaced', second, '2025-03-10T09:00:00.000Z'),
      newEvent('OnlineOrderPlaced', third, '2025-03-10T09:00:00.000Z'),
      moved(first, 'pending', 'processing', '2025-03-10T09:30:00.000Z'),
      moved(first, 'processing', 'served', '2025-03-10T10:00:00.000Z'),
    ]);
    await project(db.knex, onlineOrdersProjection, batchOne);
    const batchTwo = ledger.stored([
      moved(second, 'pending', 'served', '2025-03-10T11:00:00.000Z'),
      moved(second, 'served', 'pending', '2025-03-10T12:00:00.000Z'),
      moved(third, 'pending', 'served', '2025-03-10T23:30:00.000Z'),
    ]);
    await project(db.knex, onlineOrdersProjection, batchTwo, batchOne.at(-1)!.position);

    const orders = await listOnlineOrders(db.knex);
    expect(orders.map((order) => order.orderNumber)).toEqual([
      'ORD-20250310-AAAAAA',
      'ORD-20250310-BBBBBB',
      'ORD-20250310-CCCCCC',
    ]);
    orders.forEach((order) => onlineOrderResponse.parse(order));
    expect(orders[0]).toMatchObject({
      id: first.orderId,
      status: 'served',
      paymentStatus: 'pending',
      paymentReference: null,
      paymentMethod: null,
      items: first.items,
      totalAmount: '3000.00',
      orderDate: '2025-03-10T08:00:00.000Z',
      createdAt: '2025-03-10T08:00:00.000Z',
      updatedAt: '2025-03-10T10:00:00.000Z',
      servedAt: '2025-03-10T10:00:00.000Z',
    });
    // Back to pending: no longer served, so no served time.
    expect(orders[1]).toMatchObject({ status: 'pending', servedAt: null, updatedAt: '2025-03-10T12:00:00.000Z' });
    expect(await getOnlineOrder(db.knex, third.orderId)).toEqual(orders[2]);
    expect(await getOnlineOrder(db.knex, 'not-a-uuid')).toBeNull();

    // 23:30 UTC on the 10th is already 00:30 on the 11th in Lagos.
    expect(await countOnlineOrders(db.knex, new Date('2025-03-10T15:00:00.000Z'))).toEqual({
      pendingOnlineOrders: 1,
      todaysServedOnlineOrders: 1,
    });
    expect(await countOnlineOrders(db.knex, new Date('2025-03-11T08:00:00.000Z'))).toEqual({
      pendingOnlineOrders: 1,
      todaysServedOnlineOrders: 1,
    });
    expect(await countOnlineOrders(db.knex, new Date('2025-03-12T08:00:00.000Z'))).toMatchObject({
      todaysServedOnlineOrders: 0,
    });
  });

  it('gives the same rows when a batch is applied again after a crash before its checkpoint', async () => {
    const ledger = new FakeLedger();
    const order = placed('ORD-20250311-DDDDDD');
    const batch = ledger.stored([
      newEvent('OnlineOrderPlaced', order, '2025-03-11T08:00:00.000Z'),
      moved(order, 'pending', 'served', '2025-03-11T09:00:00.000Z'),
    ]);
    await project(db.knex, onlineOrdersProjection, batch);
    const once = await snapshotTables(db.knex, ['online_orders']);
    await db.knex('projection_checkpoints').where({ name: 'online_orders' }).delete();
    await project(db.knex, onlineOrdersProjection, batch);
    expect(await snapshotTables(db.knex, ['online_orders'])).toEqual(once);
  });
});
