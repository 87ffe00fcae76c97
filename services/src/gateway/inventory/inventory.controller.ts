import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  inventoryAsOfQuery,
  LEDGER_MESSAGES,
  reverseMovementInput,
  stocktakeInput,
  type InventoryItem,
  type ReverseMovementInput,
  type SessionUser,
  type StocktakeCommandInput,
  type StocktakeResult,
  type Transaction,
} from '@shop/contracts';
import { ManagerOnly, Pages } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { uuidParam } from '../http/uuid-param.pipe';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ListInventoryQuery } from './inventory.queries';
import { ReverseMovementCommand } from './reverse-movement.command';
import { TakeStockCommand } from './take-stock.command';

/** Stock as of any date, and the two ways to correct the ledger without rewriting it. */
@Controller('api')
export class InventoryController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('inventory')
  @Pages('inventory', 'products', 'reports')
  list(@Query(new ZodBodyPipe(inventoryAsOfQuery)) query: { asOf?: Date }): Promise<InventoryItem[]> {
    return this.queries.execute(new ListInventoryQuery(query.asOf ?? null));
  }

  @Post('stocktakes')
  @Pages('inventory')
  async stocktake(
    @Body(new ZodBodyPipe(stocktakeInput)) input: StocktakeCommandInput,
    @CurrentUser() user: SessionUser,
  ): Promise<StocktakeResult> {
    const outcome = await this.commands.execute(new TakeStockCommand(input, user));
    return {
      stocktakeId: outcome.stocktakeId,
      productId: input.productId,
      expectedQuantity: outcome.expectedQuantity,
      countedQuantity: input.countedQuantity,
      difference: input.countedQuantity - outcome.expectedQuantity,
      movement: outcome.movement,
    };
  }

  @Post('transactions/:id/reverse')
  @ManagerOnly()
  async reverse(
    @Param('id', uuidParam(LEDGER_MESSAGES.movementNotFound)) id: string,
    @Body(new ZodBodyPipe(reverseMovementInput)) input: ReverseMovementInput,
    @CurrentUser() user: SessionUser,
  ): Promise<Transaction> {
    return this.commands.execute(new ReverseMovementCommand(id, input.notes, user));
  }
}
