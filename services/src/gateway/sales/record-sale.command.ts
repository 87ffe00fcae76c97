import { randomUUID } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import {
  toDomainEvent,
  toKobo,
  type CreateSaleCommandInput,
  type DomainEventOf,
  type Sale,
  type SessionUser,
} from '@shop/contracts';
import { saleFromEvent } from '@shop/projections';
import {
  decideOrderNumber,
  decideSale,
  mayBeOrderNumber,
  orderNumberDecider,
  orderNumberStreamId,
  productDecider,
  productStreamId,
  refuseReceiptSaleId,
  saleStreamFold,
  saleStreamId,
  userDecider,
  usernameDecider,
  usernameStreamId,
  userStreamId,
  validationError,
  type PriceInForce,
  type RecordSale,
} from '@shop/domain';
import type { StoredEvent } from '@shop/infrastructure';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import type { ReadYourWrites } from '../read-your-writes/answers-from-events.decorator';

export class RecordSaleCommand extends Command<{ sale: Sale; created: boolean }> {
  constructor(
    readonly input: CreateSaleCommandInput,
    readonly user: SessionUser,
    readonly readYourWrites: ReadYourWrites = 'wait',
  ) {
    super();
  }
}

/** One price written two ways ("450", "450.00") is the same; a price given is never the same as none (toKobo reads none as 0). */
const samePrice = (a: string | undefined, b: string | undefined) =>
  a === b || (a !== undefined && b !== undefined && toKobo(a) === toKobo(b));

/** Merges repeated products into one line: stock is checked against the whole quantity asked for. */
function mergeItems(items: CreateSaleCommandInput['items']) {
  const merged = new Map<string, { quantity: number; unitPrice: string | undefined }>();
  for (const item of items) {
    const seen = merged.get(item.productId);
    if (seen && !samePrice(seen.unitPrice, item.unitPrice))
      throw validationError('A product appears twice with different prices');
    merged.set(item.productId, { quantity: (seen?.quantity ?? 0) + item.quantity, unitPrice: item.unitPrice });
  }
  return [...merged].map(([productId, { quantity, unitPrice }]) => ({
    productId,
    quantity,
    movementId: randomUUID(),
    ...(unitPrice !== undefined && { unitPrice }),
  }));
}

/** The prices a product stream has set, each from the time of the event that set it (only creation today). */
function priceHistory(stored: readonly StoredEvent[]): PriceInForce[] {
  return stored.flatMap((event) => {
    const domainEvent = toDomainEvent(event.type, event.schemaVersion, event.data);
    return domainEvent?.type === 'ProductCreated' ? [{ price: domainEvent.data.price, from: event.metadata.at }] : [];
  });
}

@CommandHandler(RecordSaleCommand)
export class RecordSaleHandler implements ICommandHandler<RecordSaleCommand> {
  constructor(private readonly writer: StreamWriter) {}

  /**
   * Answers the sale from the sale stream's own SaleRecorded, never from the read model: the new
   * one just written, or for a repeat the one first recorded (a retry never looks lost).
   */
  async execute({ input, user, readYourWrites }: RecordSaleCommand): Promise<{ sale: Sale; created: boolean }> {
    const context = commandContext(user);
    // A sale taken online is priced by the catalogue: whatever price the browser sent is dropped.
    const items = input.offline ? input.items : input.items.map(({ productId, quantity }) => ({ productId, quantity }));
    const lines = await this.withAcceptedPrices(mergeItems(items), input.offline !== undefined);
    const command: RecordSale = {
      type: 'RecordSale' as const,
      saleId: input.saleId,
      lines,
      discountPercentage: input.discountPercentage,
      paymentMethod: input.paymentMethod,
      sellerName: input.offline ? await this.offlineSeller(input.offline.sellerName, user) : user.username,
      notes: input.notes?.trim() ? input.notes.trim() : null,
      ...(input.offline && {
        offline: {
          soldAt: new Date(input.offline.soldAt).toISOString(),
          catalogAsOf: new Date(input.offline.catalogAsOf).toISOString(),
          syncedAt: context.at,
          syncedBy: user.username,
        },
      }),
    };
    // The sale stream first: its expected version is what makes a retried post record nothing.
    const streams = [
      // Presumed new: a retried post finds it on the second attempt, by the append's version check.
      { streamId: saleStreamId(input.saleId), fold: saleStreamFold, presumedNew: true },
      // Read only: an online order's number is that order's, never a till sale's id. An id that cannot
      // be an order's number has an empty registry stream: decided on as such, without a read.
      {
        streamId: orderNumberStreamId(input.saleId),
        fold: orderNumberDecider,
        knownEmpty: !mayBeOrderNumber(input.saleId),
      },
      ...lines.map((line) => ({ streamId: productStreamId(line.productId), fold: productDecider })),
    ] as const;
    const result = await this.writer.handle(
      context,
      streams,
      ([saleStream, orderNumber, ...products]) => {
        refuseReceiptSaleId(input.saleId, saleStream.owner);
        const taken = decideOrderNumber({ type: 'TakeAsSaleId', orderNumber: input.saleId }, orderNumber);
        const decision = decideSale(command, saleStream.sale, products);
        return [decision.sale, taken, ...decision.products];
      },
      readYourWrites,
    );
    const recorded = result.events.find(isSaleRecorded);
    if (recorded) return { sale: saleFromEvent(recorded, context.at), created: true };
    // A repeat: the sale was recorded earlier (it was in the history this decision was made on).
    for (const stored of await this.writer.readStored(saleStreamId(input.saleId))) {
      const event = toDomainEvent(stored.type, stored.schemaVersion, stored.data);
      if (event && isSaleRecorded(event)) return { sale: saleFromEvent(event, stored.metadata.at), created: false };
    }
    throw new Error(`Sale ${input.saleId} decided as recorded but its stream holds no SaleRecorded`);
  }

  /**
   * An offline line's accepted prices come from the product's stored history, read before the
   * decision: prices are only ever added to a history, so a read that is behind can refuse a price
   * set a moment ago, never accept one the ledger does not hold.
   */
  private async withAcceptedPrices(lines: ReturnType<typeof mergeItems>, offline: boolean) {
    if (!offline) return lines;
    return Promise.all(
      lines.map(async (line) => ({
        ...line,
        priceHistory: priceHistory(await this.writer.readStored(productStreamId(line.productId))),
      })),
    );
  }

  /**
   * The queued sale keeps its original seller when that name is a user who exists and is active;
   * otherwise the user syncing it answers for it. Either way the event names who synced it.
   */
  private async offlineSeller(sellerName: string, user: SessionUser): Promise<string> {
    if (sellerName === user.username) return sellerName;
    const { ownerUserId } = await this.writer.load({ streamId: usernameStreamId(sellerName), fold: usernameDecider });
    if (!ownerUserId) return user.username;
    const seller = await this.writer.load({ streamId: userStreamId(ownerUserId), fold: userDecider });
    return seller.status === 'active' ? seller.username : user.username;
  }
}

function isSaleRecorded(event: { readonly type: string }): event is DomainEventOf<'SaleRecorded'> {
  return event.type === 'SaleRecorded';
}
