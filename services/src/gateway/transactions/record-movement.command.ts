import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler, Command } from '@nestjs/cqrs';
import type { CreateTransactionCommandInput, SessionUser, StockInReason, StockOutReason } from '@shop/contracts';
import { productDecider, productStreamId, type ProductCommand } from '../../domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export class RecordMovementCommand extends Command<{ movementId: string }> {
  constructor(
    readonly input: CreateTransactionCommandInput,
    readonly user: SessionUser,
  ) {
    super();
  }
}

/** POST /api/transactions: one stock movement, from the stock dialog or the spec's per-line till. */
@CommandHandler(RecordMovementCommand)
export class RecordMovementHandler implements ICommandHandler<RecordMovementCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ input, user }: RecordMovementCommand): Promise<{ movementId: string }> {
    const movementId = randomUUID();
    const common = {
      productId: input.productId,
      movementId,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      sellerName: input.sellerName?.trim() || user.username,
      notes: input.notes?.trim() ? input.notes.trim() : null,
      saleId: input.saleId ?? null,
    };
    const command: ProductCommand =
      input.type === 'in'
        ? { type: 'ReceiveStock', ...common, reason: input.reason as StockInReason, costPrice: input.costPrice ?? null }
        : {
            type: 'IssueStock',
            ...common,
            reason: input.reason as StockOutReason,
            discountPercentage: input.discountPercentage ?? '0',
          };
    await this.writer.write(commandContext(user), [
      { streamId: productStreamId(input.productId), decider: productDecider, command },
    ]);
    return { movementId };
  }
}
