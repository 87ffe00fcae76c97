import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler, Command } from '@nestjs/cqrs';
import { toDomainEvent, type CreateTransactionCommandInput, type SessionUser, type Transaction } from '@shop/contracts';
import {
  decideOrderNumber,
  decideProduct,
  decideReceiptLine,
  mayBeOrderNumber,
  orderNumberDecider,
  orderNumberStreamId,
  productDecider,
  productStreamId,
  receiptLineDecider,
  saleStreamId,
  type ProductCommand,
  type ProductState,
  type ReceiptState,
} from '@shop/domain';
import { transactionFromEvent } from '@shop/projections';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import type { ReadYourWrites } from '../read-your-writes/answers-from-events.decorator';
import type { MovementTerms } from './movement-access';
import { isMovementEvent, movementFromWrite } from './movement-response';

export interface RecordedMovement {
  readonly movement: Transaction;
  /** False for a receipt line posted again: the movement is the one first recorded. */
  readonly created: boolean;
}

export class RecordMovementCommand extends Command<RecordedMovement> {
  constructor(
    readonly input: CreateTransactionCommandInput,
    readonly user: SessionUser,
    readonly readYourWrites: ReadYourWrites = 'wait',
    /** A till line is taken at the catalogue's price and as the user's own, whatever the input says (see MovementAccess). */
    readonly terms: MovementTerms = { tillLine: false },
  ) {
    super();
  }
}

/**
 * POST /api/transactions: one stock movement, from the stock dialog or the spec's per-line till.
 * A saleId groups the lines of one receipt, one line per product: the movement records its line on
 * the sale's stream (receipt-line.decider.ts) in the same append, so the same line posted again
 * (a retry) records nothing and answers the movement first recorded, and a movement can never add
 * lines to a till sale, nor to an online order (whose number groups its own movements). Answers the
 * movement built from its own event and the product's state, whatever the read models are doing.
 */
@CommandHandler(RecordMovementCommand)
export class RecordMovementHandler implements ICommandHandler<RecordMovementCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ input, user, readYourWrites, terms }: RecordMovementCommand): Promise<RecordedMovement> {
    const movementId = randomUUID();
    const common = {
      productId: input.productId,
      movementId,
      quantity: input.quantity,
      unitPrice: input.unitPrice,
      sellerName: (!terms.tillLine && input.sellerName?.trim()) || user.username,
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
            unitPrice: terms.tillLine ? null : common.unitPrice,
            reason: input.reason,
            discountPercentage: input.discountPercentage ?? '0',
          };
    const context = commandContext(user);
    if (!common.saleId) {
      const product = { streamId: productStreamId(input.productId), decider: productDecider, command };
      const result = await this.writer.write(context, [product], readYourWrites);
      const movement = movementFromWrite(result.events, context.at, result.states[0] as ProductState);
      if (!movement) throw new Error('A stock movement must yield StockReceived or StockIssued');
      return { movement, created: true };
    }
    const saleId = common.saleId;
    const line = {
      type: 'AddReceiptLine',
      saleId,
      productId: input.productId,
      line: { movementId, type: input.type, quantity: input.quantity },
    } as const;
    const streams = [
      { streamId: productStreamId(input.productId), fold: productDecider },
      // Read only: refused when an online order owns the id; a till's id is never one (known empty).
      { streamId: orderNumberStreamId(saleId), fold: orderNumberDecider, knownEmpty: !mayBeOrderNumber(saleId) },
      { streamId: saleStreamId(saleId), fold: receiptLineDecider },
    ] as const;
    const result = await this.writer.handle(
      context,
      streams,
      ([product, orderNumber, receipt]) => {
        decideOrderNumber({ type: 'GroupMovementUnder', orderNumber: saleId }, orderNumber);
        const receiptEvents = decideReceiptLine(line, receipt);
        // The same line again: nothing is recorded anywhere.
        if (receiptEvents.length === 0) return [];
        return [decideProduct(command, product), [], receiptEvents];
      },
      readYourWrites,
    );
    const [product, , receipt] = result.states;
    const recorded = movementFromWrite(result.events, context.at, product);
    if (recorded) return { movement: recorded, created: true };
    return { movement: await this.firstRecorded(receipt, input.productId, product), created: false };
  }

  /** A repeated receipt line: the movement its first post recorded, from the product's stream. */
  private async firstRecorded(receipt: ReceiptState, productId: string, product: ProductState): Promise<Transaction> {
    const movementId = receipt.lines.get(productId)?.movementId;
    for (const stored of await this.writer.readStored(productStreamId(productId))) {
      const event = toDomainEvent(stored.type, stored.schemaVersion, stored.data);
      if (event && isMovementEvent(event) && event.data.movementId === movementId)
        return transactionFromEvent(event, stored.metadata.at, product.status === 'absent' ? null : product);
    }
    throw new Error(`Receipt line of ${productId} decided as recorded but its movement is not on the product stream`);
  }
}
