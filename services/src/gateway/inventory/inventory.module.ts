import { Module } from '@nestjs/common';
import { InventoryController } from './inventory.controller';
import { ListInventoryHandler } from './inventory.queries';
import { ReverseMovementHandler } from './reverse-movement.command';
import { TakeStockHandler } from './take-stock.command';

@Module({
  controllers: [InventoryController],
  providers: [ListInventoryHandler, TakeStockHandler, ReverseMovementHandler],
})
export class InventoryModule {}
