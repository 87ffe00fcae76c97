import { Module } from '@nestjs/common';
import { InventoryController } from './inventory.controller';
import { ListInventoryHandler } from './inventory.queries';
import { ReverseMovementHandler } from './reverse-movement.command';
import { TakeStockHandler } from './take-stock.command';
import { TakeStockSheetHandler } from './take-stock-sheet.command';

@Module({
  controllers: [InventoryController],
  providers: [ListInventoryHandler, TakeStockHandler, TakeStockSheetHandler, ReverseMovementHandler],
})
export class InventoryModule {}
