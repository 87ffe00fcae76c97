import { randomUUID } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { toDomainEvent, type CreateSaleCommandInput, type DomainEventOf, type Sale, type SessionUser } from '@shop/contracts';
import { saleFromEvent } from '@shop/projections';
import { decideSale, productDecider, productStreamId, refuseReceiptSaleId, saleStreamFold, saleStreamId } from '@shop/domain';
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

/** Merges repeated products into one line: stock is checked against the whole quantity asked for. */
function mergeItems(items: CreateSaleCommandInput['items']) {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity, movementId: randomUUID() }));
}

@CommandHandler(RecordSaleCommand)
export class RecordSaleHandler implements ICommandHandler<RecordSaleCommand> {
  constructor(private readonly writer: StreamWriter) {}

  /**
   * Answers the sale from the sale stream's own SaleRecorded, never from the read model: the new
   * one just written, or for a repeat the one first recorded (a retry never looks lost).
   */
  async execute({ input, user, readYourWrites }: RecordSaleCommand): Promise<{ sale: Sale; created: boolean }> {
    const lines = mergeItems(input.items);
    const command = {
      type: 'RecordSale' as const,
      saleId: input.saleId,
      lines,
      discountPercentage: input.discountPercentage,
      paymentMethod: input.paymentMethod,
      sellerName: user.username,
      notes: input.notes?.trim() ? input.notes.trim() : null,
    };
    // The sale stream first: its expected version is what makes a retried post record nothing.
    const streams = [
      { streamId: saleStreamId(input.saleId), fold: saleStreamFold },
      ...lines.map((line) => ({ streamId: productStreamId(line.productId), fold: productDecider })),
    ] as const;
    const context = commandContext(user);
    const result = await this.writer.handle(context, streams, ([saleStream, ...products]) => {
      refuseReceiptSaleId(input.saleId, saleStream.owner);
      const decision = decideSale(command, saleStream.sale, products);
      return [decision.sale, ...decision.products];
    }, readYourWrites);
    const recorded = result.events.find(isSaleRecorded);
    if (recorded) return { sale: saleFromEvent(recorded, context.at), created: true };
    // A repeat: the sale was recorded earlier (it was in the history this decision was made on).
    for (const stored of await this.writer.readStored(saleStreamId(input.saleId))) {
      const event = toDomainEvent(stored.type, stored.schemaVersion, stored.data);
      if (event && isSaleRecorded(event)) return { sale: saleFromEvent(event, stored.metadata.at), created: false };
    }
    throw new Error(`Sale ${input.saleId} decided as recorded but its stream holds no SaleRecorded`);
  }
}

function isSaleRecorded(event: { readonly type: string }): event is DomainEventOf<'SaleRecorded'> {
  return event.type === 'SaleRecorded';
}
