import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type {
  SessionUser,
  StocktakeLineResult,
  StocktakeSheetCommandInput,
  StocktakeSheetResult,
} from '@shop/contracts';
import { productStreamId, stocktakeLineDecider, type LiveProduct, type ProductState } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { movementFromWrite } from '../transactions/movement-response';

export class TakeStockSheetCommand extends Command<StocktakeSheetResult> {
  constructor(
    readonly input: StocktakeSheetCommandInput,
    readonly user: SessionUser,
  ) {
    super();
  }
}

/**
 * POST /api/stocktakes with `lines`: one stocktake over many products, decided per product stream on
 * what is committed and appended in one atomic multi-stream write (each stream at its expected
 * version; a concurrent movement makes it decide again). One refused line refuses the sheet.
 */
@CommandHandler(TakeStockSheetCommand)
export class TakeStockSheetHandler implements ICommandHandler<TakeStockSheetCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ input, user }: TakeStockSheetCommand): Promise<StocktakeSheetResult> {
    const stocktakeId = randomUUID();
    const context = commandContext(user);
    const lines = input.lines.map((line) => ({
      ...line,
      productId: line.productId.toLowerCase(),
      movementId: randomUUID(),
    }));
    const { events, states } = await this.writer.write(
      context,
      lines.map((line) => ({
        streamId: productStreamId(line.productId),
        decider: stocktakeLineDecider,
        command: {
          type: 'TakeStock' as const,
          productId: line.productId,
          stocktakeId,
          movementId: line.movementId,
          countedQuantity: line.countedQuantity,
          sellerName: user.username,
          notes: input.notes,
        },
      })),
    );
    return {
      stocktakeId,
      notes: input.notes,
      lines: lines.map((line, index): StocktakeLineResult => {
        // Live: the decider refused the sheet otherwise.
        const product = states[index] as LiveProduct;
        const own = events.filter(
          (event) =>
            (event.type === 'StockReceived' || event.type === 'StockIssued') &&
            event.data.movementId === line.movementId,
        );
        const movement = movementFromWrite(own, context.at, states[index] as ProductState);
        const difference = movement ? (movement.type === 'in' ? movement.quantity : -movement.quantity) : 0;
        return {
          productId: line.productId,
          productName: product.name,
          productSku: product.sku,
          expectedQuantity: line.countedQuantity - difference,
          countedQuantity: line.countedQuantity,
          difference,
          movement,
        };
      }),
    };
  }
}
