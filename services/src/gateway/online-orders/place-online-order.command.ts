import { randomInt, randomUUID } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES, type CreateOnlineOrderCommandInput, type SessionUser } from '@shop/contracts';
import {
  DomainError,
  customerDecider,
  customerStreamId,
  decidePlaceOnlineOrder,
  formatOrderNumber,
  mergeOrderItems,
  onlineOrderFold,
  onlineOrderStreamId,
  orderNumberDecider,
  orderNumberStreamId,
  productDecider,
  productStreamId,
  type CustomerState,
  type PlaceOnlineOrder,
} from '@shop/domain';
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
      const order = { streamId: onlineOrderStreamId(orderId), fold: onlineOrderFold } as const;
      const number = { streamId: orderNumberStreamId(orderNumber), fold: orderNumberDecider } as const;
      const products = items.map((item) => ({ streamId: productStreamId(item.productId), fold: productDecider }));
      // Customer and product streams are read to check and price; only the order and its number are written.
      const decide = (
        states: Omit<Parameters<typeof decidePlaceOnlineOrder>[1], 'customer'>,
        customer: CustomerState | null,
      ) => {
        const decision = decidePlaceOnlineOrder(command, { ...states, customer });
        return [decision.order, decision.orderNumber];
      };
      try {
        if (customerId) {
          const customer = { streamId: customerStreamId(customerId), fold: customerDecider } as const;
          await this.writer.handle(context, [order, number, customer, ...products] as const, ([o, n, c, ...p]) =>
            decide({ order: o, orderNumber: n, products: p }, c),
          );
        } else {
          await this.writer.handle(context, [order, number, ...products] as const, ([o, n, ...p]) =>
            decide({ order: o, orderNumber: n, products: p }, null),
          );
        }
        return { orderId };
      } catch (error) {
        const numberTaken = error instanceof DomainError && error.message === MESSAGES.orderNumberTaken(orderNumber);
        if (!numberTaken || attempt >= NUMBER_ATTEMPTS) throw error;
      }
    }
  }
}
