import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionUser, StocktakeCommandInput } from '@shop/contracts';
import { productStreamId, stocktakeDecider } from '../../domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export interface StocktakeOutcome {
  readonly stocktakeId: string;
  readonly expectedQuantity: number;
  /** The adjustment recorded, or null when the count matched. */
  readonly movementId: string | null;
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
    const { events } = await this.writer.write(commandContext(user), [
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
      return { stocktakeId, expectedQuantity: input.countedQuantity, movementId: null };
    }
    return {
      stocktakeId,
      expectedQuantity: adjustment.data.stocktake?.expectedQuantity ?? input.countedQuantity,
      movementId,
    };
  }
}
