import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  inventoryAsOfQuery,
  isStocktakeSheet,
  LEDGER_MESSAGES,
  reverseMovementInput,
  stocktakeInput,
  stocktakeSheetInput,
  type InventoryItem,
  type ReverseMovementInput,
  type SessionUser,
  type StocktakeCommandInput,
  type StocktakeResult,
  type StocktakeSheetResult,
  type Transaction,
} from '@shop/contracts';
import { ManagerOnly, Pages } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { uuidParam } from '../http/uuid-param.pipe';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ListInventoryQuery } from './inventory.queries';
import { ReverseMovementCommand } from './reverse-movement.command';
import { TakeStockCommand } from './take-stock.command';
import { TakeStockSheetCommand } from './take-stock-sheet.command';

const singleStocktake = new ZodBodyPipe(stocktakeInput);
const stocktakeSheet = new ZodBodyPipe(stocktakeSheetInput);

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
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<StocktakeResult | StocktakeSheetResult> {
    // Two bodies on one route: a count sheet (`lines`) or the single product of issue 5.
    if (isStocktakeSheet(body)) {
      return this.commands.execute(new TakeStockSheetCommand(stocktakeSheet.transform(body), user));
    }
    const input: StocktakeCommandInput = singleStocktake.transform(body);
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
