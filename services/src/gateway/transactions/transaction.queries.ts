import { Inject } from '@nestjs/common';
import { QueryHandler, Query, type IQueryHandler } from '@nestjs/cqrs';
import type { Transaction, TransactionPage, TransactionPageQuery } from '@shop/contracts';
import { getTransaction, listTransactionGroups, newestTransactions, transactionPages } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { notFound } from '@shop/domain';
import { DATABASE } from '../infrastructure/tokens';

/** The `limit` movements that happened last (newest createdAt first). */
export class ListTransactionsQuery extends Query<Transaction[]> {
  constructor(readonly limit: number) {
    super();
  }
}

@QueryHandler(ListTransactionsQuery)
export class ListTransactionsHandler implements IQueryHandler<ListTransactionsQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ limit }: ListTransactionsQuery): Promise<Transaction[]> {
    return newestTransactions(this.database.knex, limit);
  }
}

/** Every movement, newest first, a page at a time (read as they are sent). */
export class TransactionPagesQuery extends Query<AsyncIterable<Transaction[]>> {}

@QueryHandler(TransactionPagesQuery)
export class TransactionPagesHandler implements IQueryHandler<TransactionPagesQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute(): Promise<AsyncIterable<Transaction[]>> {
    return transactionPages(this.database.knex);
  }
}

export class GetTransactionQuery extends Query<Transaction> {
  constructor(readonly transactionId: string) {
    super();
  }
}

@QueryHandler(GetTransactionQuery)
export class GetTransactionHandler implements IQueryHandler<GetTransactionQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ transactionId }: GetTransactionQuery): Promise<Transaction> {
    const transaction = await getTransaction(this.database.knex, transactionId);
    if (!transaction) throw notFound('Transaction not found');
    return transaction;
  }
}

export class ListTransactionGroupsQuery extends Query<TransactionPage> {
  constructor(readonly query: TransactionPageQuery) {
    super();
  }
}

@QueryHandler(ListTransactionGroupsQuery)
export class ListTransactionGroupsHandler implements IQueryHandler<ListTransactionGroupsQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ query }: ListTransactionGroupsQuery): Promise<TransactionPage> {
    return listTransactionGroups(this.database.knex, query);
  }
}
