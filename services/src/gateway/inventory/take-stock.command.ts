import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionUser, StocktakeCommandInput, Transaction } from '@shop/contracts';
import { productStreamId, stocktakeDecider, type ProductState } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { movementFromWrite } from '../transactions/movement-response';

export interface StocktakeOutcome {
  readonly stocktakeId: string;
  readonly expectedQuantity: number;
  /** The adjustment recorded (from its own event), or null when the count matched. */
  readonly movement: Transaction | null;
}

export class TakeStockCommand extends Command<StocktakeOutcome> {
  constructor(
    readonly input: StocktakeCommandInput,
    readonly user: SessionUser,
  ) {
    super();
  }
}

/** POST /api/stocktakes: the difference between the count and the ledger becomes an adjustment. */
@CommandHandler(TakeStockCommand)
export class TakeStockHandler implements ICommandHandler<TakeStockCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ input, user }: TakeStockCommand): Promise<StocktakeOutcome> {
    const stocktakeId = randomUUID();
    const movementId = randomUUID();
    const context = commandContext(user);
    const { events, states } = await this.writer.write(context, [
      {
        streamId: productStreamId(input.productId),
        decider: stocktakeDecider,
        command: {
          type: 'TakeStock',
          productId: input.productId,
          stocktakeId,
          movementId,
          countedQuantity: input.countedQuantity,
          sellerName: user.username,
          notes: input.notes,
        },
      },
    ]);
    const adjustment = events[0];
    if (!adjustment || (adjustment.type !== 'StockReceived' && adjustment.type !== 'StockIssued')) {
      return { stocktakeId, expectedQuantity: input.countedQuantity, movement: null };
    }
    return {
      stocktakeId,
      expectedQuantity: adjustment.data.stocktake?.expectedQuantity ?? input.countedQuantity,
      movement: movementFromWrite(events, context.at, states[0] as ProductState),
    };
  }
}
