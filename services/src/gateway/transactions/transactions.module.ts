import { Module } from '@nestjs/common';
import { RecordMovementHandler } from './record-movement.command';
import { GetTransactionHandler, ListTransactionGroupsHandler, ListTransactionsHandler } from './transaction.queries';
import { TransactionsController } from './transactions.controller';

@Module({
  controllers: [TransactionsController],
  providers: [RecordMovementHandler, ListTransactionsHandler, ListTransactionGroupsHandler, GetTransactionHandler],
})
export class TransactionsModule {}
