import { randomInt, randomUUID } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES, type CreateOnlineOrderCommandInput, type SessionUser } from '@shop/contracts';
import {
  DomainError,
  customerDecider,
  customerStreamId,
  decidePlaceOnlineOrder,
  evolveOnlineOrder,
  evolveOrderNumber,
  fold,
  formatOrderNumber,
  initialOnlineOrderState,
  mergeOrderItems,
  onlineOrderStreamId,
  orderNumberDecider,
  orderNumberStreamId,
  productDecider,
  productStreamId,
  type PlaceOnlineOrder,
} from '../../domain';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { intakeContext } from '../storefront/storefront-actor';

export class PlaceOnlineOrderCommand extends Command<{ orderId: string }> {
  constructor(
    readonly input: CreateOnlineOrderCommandInput,
    /** null when the storefront token placed it. */
    readonly user: SessionUser | null,
  ) {
    super();
  }
}

/** A random six-character suffix collides about once in a billion orders a day; then draw again. */
const NUMBER_ATTEMPTS = 5;

@CommandHandler(PlaceOnlineOrderCommand)
export class PlaceOnlineOrderHandler implements ICommandHandler<PlaceOnlineOrderCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ input, user }: PlaceOnlineOrderCommand): Promise<{ orderId: string }> {
    const context = intakeContext(user);
    const orderId = randomUUID();
    const items = mergeOrderItems(input.items);
    const customerId = input.customerId ?? null;
    for (let attempt = 1; ; attempt++) {
      const orderNumber = formatOrderNumber(context.at, randomInt);
      const command: PlaceOnlineOrder = {
        type: 'PlaceOnlineOrder',
        orderId,
        orderNumber,
        customerId,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone,
        customerAddress: input.customerAddress,
        customerCity: input.customerCity,
        customerPostalCode: input.customerPostalCode,
        customerCountry: input.customerCountry,
        items,
        notes: input.notes,
      };
      // Customer and product streams are read to check and price; only the order and its number are written.
      const customerStreams = customerId ? [customerStreamId(customerId)] : [];
      const streamIds = [
        onlineOrderStreamId(orderId),
        orderNumberStreamId(orderNumber),
        ...customerStreams,
        ...items.map((item) => productStreamId(item.productId)),
      ];
      try {
        await this.writer.writeAcross(context, streamIds, ([orderHistory = [], numberHistory = [], ...rest]) => {
          const customerHistory = customerId ? (rest[0] ?? []) : null;
          const productHistories = customerId ? rest.slice(1) : rest;
          const decision = decidePlaceOnlineOrder(command, {
            order: orderHistory.reduce(evolveOnlineOrder, initialOnlineOrderState()),
            orderNumber: numberHistory.reduce(evolveOrderNumber, orderNumberDecider.initialState()),
            customer: customerHistory ? fold(customerDecider, customerHistory) : null,
            products: productHistories.map((history) => fold(productDecider, history)),
          });
          return [decision.order, decision.orderNumber];
        });
        return { orderId };
      } catch (error) {
        const numberTaken = error instanceof DomainError && error.message === MESSAGES.orderNumberTaken(orderNumber);
        if (!numberTaken || attempt >= NUMBER_ATTEMPTS) throw error;
      }
    }
  }
}
