import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler, Command } from '@nestjs/cqrs';
import type { CreateTransactionCommandInput, SessionUser, Transaction } from '@shop/contracts';
import {
  orderNumberDecider,
  orderNumberStreamId,
  productDecider,
  productStreamId,
  saleIdOwnerDecider,
  saleStreamId,
  type ProductCommand,
  type ProductState,
} from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import type { ReadYourWrites } from '../read-your-writes/answers-from-events.decorator';
import { movementFromWrite } from './movement-response';

export class RecordMovementCommand extends Command<Transaction> {
  constructor(
    readonly input: CreateTransactionCommandInput,
    readonly user: SessionUser,
    readonly readYourWrites: ReadYourWrites = 'wait',
    /** A sale line taken at the catalogue's price, whatever unitPrice says (see MovementAccess). */
    readonly catalogPrice = false,
  ) {
    super();
  }
}

/**
 * POST /api/transactions: one stock movement, from the stock dialog or the spec's per-line till.
 * A saleId groups the lines of one receipt: the movement claims it on the sale's stream, so it can
 * never add lines to a till sale (see sale-id-owner.decider.ts), nor to an online order (whose number
 * groups its own movements). Answers the movement built from its
 * own event and the product's state, whatever the read models are doing.
 */
@CommandHandler(RecordMovementCommand)
export class RecordMovementHandler implements ICommandHandler<RecordMovementCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ input, user, readYourWrites, catalogPrice }: RecordMovementCommand): Promise<Transaction> {
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
        ? { type: 'ReceiveStock', ...common, reason: input.reason, costPrice: input.costPrice ?? null }
        : {
            type: 'IssueStock',
            ...common,
            // null: the product's price in force, decided on the product's state.
            unitPrice: catalogPrice ? null : common.unitPrice,
            reason: input.reason,
            discountPercentage: input.discountPercentage ?? '0',
          };
    const context = commandContext(user);
    const saleId = common.saleId;
    const result = await this.writer.write(
      context,
      [
        { streamId: productStreamId(input.productId), decider: productDecider, command },
        ...(saleId
          ? [
              {
                streamId: orderNumberStreamId(saleId),
                decider: orderNumberDecider,
                command: { type: 'GroupMovementUnder', orderNumber: saleId },
              },
              {
                streamId: saleStreamId(saleId),
                decider: saleIdOwnerDecider,
                command: { type: 'AddReceiptLine', saleId },
              },
            ]
          : []),
      ],
      readYourWrites,
    );
    const [product] = result.states as [ProductState];
    const movement = movementFromWrite(result.events, context.at, product);
    if (!movement) throw new Error('A stock movement must yield StockReceived or StockIssued');
    return movement;
  }
}
