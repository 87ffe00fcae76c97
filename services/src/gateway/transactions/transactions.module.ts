import { Module } from '@nestjs/common';
import { RecordMovementHandler } from './record-movement.command';
import { GetTransactionHandler, ListTransactionsHandler } from './transaction.queries';
import { TransactionsController } from './transactions.controller';

@Module({
  controllers: [TransactionsController],
  providers: [RecordMovementHandler, ListTransactionsHandler, GetTransactionHandler],
})
export class TransactionsModule {}
