import { Module } from '@nestjs/common';
import { RecordMovementHandler } from './record-movement.command';
import {
  GetTransactionHandler,
  ListTransactionGroupsHandler,
  ListTransactionsHandler,
  TransactionPagesHandler,
} from './transaction.queries';
import { TransactionsController } from './transactions.controller';
import { MovementAccess } from './movement-access';

@Module({
  controllers: [TransactionsController],
  providers: [
    MovementAccess,
    RecordMovementHandler,
    ListTransactionsHandler,
    TransactionPagesHandler,
    ListTransactionGroupsHandler,
    GetTransactionHandler,
  ],
})
export class TransactionsModule {}
