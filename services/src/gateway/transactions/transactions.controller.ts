import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  createTransactionInput,
  transactionListQuery,
  transactionPageQuery,
  type CreateTransactionCommandInput,
  type SessionUser,
  type Transaction,
  type TransactionListQuery,
  type TransactionPage,
  type TransactionPageQuery,
} from '@shop/contracts';
import { Pages } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import {
  AnswersFromEvents,
  SessionReadYourWrites,
  type ReadYourWrites,
} from '../read-your-writes/answers-from-events.decorator';
import { RecordMovementCommand } from './record-movement.command';
import { ListTransactionGroupsQuery, ListTransactionsQuery, TransactionPagesQuery } from './transaction.queries';
import { sendJsonArray } from '../http/json-array-response';
import { MovementAccess } from './movement-access';

@Controller('api/transactions')
export class TransactionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly access: MovementAccess,
  ) {}

  /** Transaction[]: every movement (spec section 7), streamed; `?limit=` for the newest few (the dashboard's four). */
  @Get()
  @Pages('dashboard', 'transactions', 'reports')
  async list(
    @Query(new ZodBodyPipe(transactionListQuery)) query: TransactionListQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (query.limit !== undefined) {
      void reply.send(await this.queries.execute(new ListTransactionsQuery(query.limit)));
      return;
    }
    await sendJsonArray(reply, await this.queries.execute(new TransactionPagesQuery()));
  }

  /** The Transactions page: whole groups, newest first, filtered and paged on the server. */
  @Get('groups')
  @Pages('transactions')
  groups(@Query(new ZodBodyPipe(transactionPageQuery)) query: TransactionPageQuery): Promise<TransactionPage> {
    return this.queries.execute(new ListTransactionGroupsQuery(query));
  }

  /**
   * Each of these pages records only its own kind of movement (movement-access.ts). 201 with the new
   * movement; 200 with the first one when the same receipt line (saleId and product) was recorded.
   */
  @Post()
  @Pages('dashboard', 'inventory', 'sales')
  @AnswersFromEvents()
  async create(
    @Body(new ZodBodyPipe(createTransactionInput)) input: CreateTransactionCommandInput,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
    @SessionReadYourWrites() readYourWrites: ReadYourWrites,
  ): Promise<Transaction> {
    const terms = await this.access.check(user, input);
    const { movement, created } = await this.commands.execute(
      new RecordMovementCommand(input, user, readYourWrites, terms),
    );
    void reply.status(created ? 201 : 200);
    return movement;
  }
}
