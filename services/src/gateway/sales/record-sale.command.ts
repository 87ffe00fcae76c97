import { randomUUID } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateSaleCommandInput, SessionUser } from '@shop/contracts';
import {
  decideSale,
  evolveSale,
  fold,
  initialSaleState,
  productDecider,
  productStreamId,
  saleStreamId,
} from '../../domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export class RecordSaleCommand extends Command<{ saleId: string; created: boolean }> {
  constructor(
    readonly input: CreateSaleCommandInput,
    readonly user: SessionUser,
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

  async execute({ input, user }: RecordSaleCommand): Promise<{ saleId: string; created: boolean }> {
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
    const streamIds = [saleStreamId(input.saleId), ...lines.map((line) => productStreamId(line.productId))];
    const result = await this.writer.writeAcross(commandContext(user), streamIds, ([saleHistory = [], ...productHistories]) => {
      const decision = decideSale(
        command,
        saleHistory.reduce(evolveSale, initialSaleState()),
        productHistories.map((history) => fold(productDecider, history)),
      );
      return [decision.sale, ...decision.products];
    });
    return { saleId: input.saleId, created: result.events.length > 0 };
  }
}
