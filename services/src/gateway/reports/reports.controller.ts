import { BadRequestException, Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import {
  inventoryAsOfQuery,
  LEDGER_MESSAGES,
  reportRangeQuery,
  staffDailySalesQuery,
  transactionsCsvQuery,
  type ReportSummary,
  type StaffDailySales,
} from '@shop/contracts';
import { lagosBusinessDay, startOfLagosDay } from '@shop/contracts';
import { Pages } from '../auth/access.decorator';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { sendCsv } from './csv-response';
import {
  ExportInventoryCsvQuery,
  ExportTransactionsCsvQuery,
  GetReportSummaryQuery,
  ListStaffDailySalesQuery,
} from './report.queries';

/** Start of the Africa/Lagos month of `at`. */
const startOfLagosMonth = (at: Date) => startOfLagosDay(`${lagosBusinessDay(at).slice(0, 8)}01`);

/**
 * The summary's default `from`: the start of the Lagos month its `to` falls in (this month when
 * `to` is now). `to` is exclusive, so a `to` at a month's first instant reports the month before.
 */
const defaultFrom = (to: Date) => startOfLagosMonth(new Date(to.getTime() - 1));

function requireOrdered(from: Date | undefined, to: Date | undefined): void {
  if (from && to && from >= to) throw new BadRequestException(LEDGER_MESSAGES.badRange);
}

/** Figures "as known at" a day still to come are not known: up to the end of today (Lagos) only. */
function requireKnown(knownAt: Date | undefined, now: Date): void {
  const endOfToday = startOfLagosDay(lagosBusinessDay(new Date(now.getTime() + 86_400_000)));
  if (knownAt && knownAt > endOfToday) throw new BadRequestException(LEDGER_MESSAGES.futureKnownAt);
}

@Controller('api/reports')
export class ReportsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('inventory.csv')
  @Pages('reports')
  async inventoryCsv(
    @Query(new ZodBodyPipe(inventoryAsOfQuery)) query: { asOf?: Date },
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendCsv(reply, await this.queries.execute(new ExportInventoryCsvQuery(query.asOf ?? null, new Date())));
  }

  @Get('transactions.csv')
  @Pages('reports')
  async transactionsCsv(
    @Query(new ZodBodyPipe(transactionsCsvQuery)) query: { from?: Date; to?: Date },
    @Res() reply: FastifyReply,
  ): Promise<void> {
    requireOrdered(query.from, query.to);
    await sendCsv(reply, await this.queries.execute(new ExportTransactionsCsvQuery(query, new Date())));
  }

  @Get('summary')
  @Pages('reports')
  summary(
    @Query(new ZodBodyPipe(reportRangeQuery)) query: { from?: Date; to?: Date; knownAt?: Date },
  ): Promise<ReportSummary> {
    const now = new Date();
    const to = query.to ?? now;
    const from = query.from ?? defaultFrom(to);
    requireOrdered(from, to);
    requireKnown(query.knownAt, now);
    return this.queries.execute(new GetReportSummaryQuery({ from, to, knownAt: query.knownAt ?? null }));
  }

  @Get('staff-daily')
  @Pages('reports')
  staffDaily(
    @Query(new ZodBodyPipe(staffDailySalesQuery)) query: { from?: string; to?: string },
  ): Promise<StaffDailySales> {
    if (query.from && query.to && query.from > query.to) throw new BadRequestException(LEDGER_MESSAGES.badRange);
    return this.queries.execute(new ListStaffDailySalesQuery(query));
  }
}
