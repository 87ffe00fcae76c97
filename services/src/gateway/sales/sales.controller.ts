import { Body, Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus, QueryHandler, Query, type IQueryHandler } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { createSaleInput, type CreateSaleCommandInput, type Sale, type SessionUser } from '@shop/contracts';
import { getSale } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { notFound } from '@shop/domain';
import { Pages } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import {
  AnswersFromEvents,
  SessionReadYourWrites,
  type ReadYourWrites,
} from '../read-your-writes/answers-from-events.decorator';
import { DATABASE } from '../infrastructure/tokens';
import { RecordSaleCommand } from './record-sale.command';

export class GetSaleQuery extends Query<Sale> {
  constructor(readonly saleId: string) {
    super();
  }
}

@QueryHandler(GetSaleQuery)
export class GetSaleHandler implements IQueryHandler<GetSaleQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ saleId }: GetSaleQuery): Promise<Sale> {
    const sale = await getSale(this.database.knex, saleId);
    if (!sale) throw notFound('Sale not found');
    return sale;
  }
}

@Controller('api/sales')
export class SalesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** 201 with the new sale; 200 with the first one when the same saleId was already recorded. */
  @Post()
  @Pages('sales')
  @AnswersFromEvents()
  async create(
    @Body(new ZodBodyPipe(createSaleInput)) input: CreateSaleCommandInput,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
    @SessionReadYourWrites() readYourWrites: ReadYourWrites,
  ): Promise<Sale> {
    const { sale, created } = await this.commands.execute(new RecordSaleCommand(input, user, readYourWrites));
    void reply.status(created ? 201 : 200);
    return sale;
  }

  @Get(':saleId')
  @Pages('sales', 'transactions')
  get(@Param('saleId') saleId: string): Promise<Sale> {
    return this.queries.execute(new GetSaleQuery(saleId));
  }
}
