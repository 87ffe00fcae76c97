import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  changeSupportStatusInput,
  replyToSupportRequestInput,
  submitSupportRequestInput,
  type ChangeSupportStatusInput,
  type ReplyToSupportRequestCommandInput,
  type SessionUser,
  type SubmitSupportRequestCommandInput,
  type SupportRequest,
  type SupportRequestReceipt,
  type SupportStats,
} from '@shop/contracts';
import { Pages, Public } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { ChangeSupportStatusCommand } from './change-support-status.command';
import { ReplyToSupportRequestCommand } from './reply-to-support-request.command';
import { SubmitSupportRequestCommand } from './submit-support-request.command';
import {
  GetSupportRequestQuery,
  GetSupportStatsQuery,
  ListSupportRequestsQuery,
  SupportIdPipe,
} from './support-request.queries';
import { readBackRecorded } from '../http/recorded-write';

@Controller('api/customer-support')
export class CustomerSupportController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The public contact form: anyone may write in, within the per-address rate limit. */
  @Post()
  @Public()
  @HttpCode(201)
  async submit(
    @Body(new ZodBodyPipe(submitSupportRequestInput)) input: SubmitSupportRequestCommandInput,
    @Req() request: FastifyRequest,
  ): Promise<SupportRequestReceipt> {
    const { requestId } = await this.commands.execute(new SubmitSupportRequestCommand(input, request.ip || 'unknown'));
    const { id, fullName, email, phoneNumber, subject, complaint, status, createdAt } = await readBackRecorded(
      () => this.queries.execute(new GetSupportRequestQuery(requestId)),
      { id: requestId },
    );
    return { id, fullName, email, phoneNumber, subject, complaint, status, createdAt };
  }

  @Get()
  @Pages('customer-support')
  list(): Promise<SupportRequest[]> {
    return this.queries.execute(new ListSupportRequestsQuery());
  }

  @Get('stats')
  @Pages('customer-support')
  stats(): Promise<SupportStats> {
    return this.queries.execute(new GetSupportStatsQuery());
  }

  /** 201 with the request and its new reply; 200 with the request when the same replyKey was already recorded. */
  @Post(':id/reply')
  @Pages('customer-support')
  async reply(
    @Param('id', SupportIdPipe) id: number,
    @Body(new ZodBodyPipe(replyToSupportRequestInput)) input: ReplyToSupportRequestCommandInput,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<SupportRequest> {
    const { created } = await this.commands.execute(new ReplyToSupportRequestCommand(id, input, user));
    void response.status(created ? 201 : 200);
    return this.queries.execute(new GetSupportRequestQuery(id));
  }

  @Put(':id')
  @Pages('customer-support')
  async changeStatus(
    @Param('id', SupportIdPipe) id: number,
    @Body(new ZodBodyPipe(changeSupportStatusInput)) input: ChangeSupportStatusInput,
    @CurrentUser() user: SessionUser,
  ): Promise<SupportRequest> {
    await this.commands.execute(new ChangeSupportStatusCommand(id, input.status, user));
    return this.queries.execute(new GetSupportRequestQuery(id));
  }
}
