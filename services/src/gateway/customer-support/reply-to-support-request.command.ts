import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ReplyToSupportRequestCommandInput, SessionUser } from '@shop/contracts';
import { supportRequestDecider, supportRequestStreamId, type CommandContext } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { SUPPORT_MAILER, supportReplyMail, type SupportMailer } from './support-mailer';

/** Enough of a mail server's answer to act on, without storing a whole transcript in an event. */
const MAX_ERROR_LENGTH = 500;

export class ReplyToSupportRequestCommand extends Command<void> {
  constructor(
    readonly requestId: number,
    readonly input: ReplyToSupportRequestCommandInput,
    readonly user: SessionUser,
  ) {
    super();
  }
}

/**
 * Record first, then send (an outbox): the reply is stored before the mail server is contacted,
 * so neither a refused send nor a crash mid-send can lose it. The send's outcome is a second
 * event; until one says 'delivered', the reply shows in the request's outbox.
 */
@CommandHandler(ReplyToSupportRequestCommand)
export class ReplyToSupportRequestHandler implements ICommandHandler<ReplyToSupportRequestCommand> {
  private readonly logger = new Logger('SupportReplies');

  constructor(
    private readonly writer: StreamWriter,
    @Inject(SUPPORT_MAILER) private readonly mailer: SupportMailer | null,
  ) {}

  async execute({ requestId, input, user }: ReplyToSupportRequestCommand): Promise<void> {
    const replyId = randomUUID();
    const streamId = supportRequestStreamId(requestId);
    const context = commandContext(user);
    await this.writer.write(context, [
      {
        streamId,
        decider: supportRequestDecider,
        command: {
          type: 'ReplyToSupportRequest',
          requestId,
          replyId,
          reply: input.reply,
          notes: input.notes,
          repliedBy: user.username,
          delivery: this.mailer ? 'email' : 'outbox',
        },
      },
    ]);
    if (this.mailer) await this.deliver(this.mailer, context, requestId, replyId, input.reply.trim());
  }

  private async deliver(
    mailer: SupportMailer,
    context: CommandContext,
    requestId: number,
    replyId: string,
    reply: string,
  ) {
    const request = await this.writer.load({
      streamId: supportRequestStreamId(requestId),
      fold: supportRequestDecider,
    });
    if (request.status === 'absent') return;
    let outcome: { sent: true; to: string; messageId: string | null } | { sent: false; error: string };
    try {
      const { messageId } = await mailer.send(supportReplyMail(request, reply));
      outcome = { sent: true, to: request.email, messageId };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Reply ${replyId} to support request #${requestId} stays in the outbox: ${message}`);
      outcome = { sent: false, error: message.slice(0, MAX_ERROR_LENGTH) };
    }
    await this.writer.write({ ...context, at: new Date().toISOString() }, [
      {
        streamId: supportRequestStreamId(requestId),
        decider: supportRequestDecider,
        command: { type: 'RecordReplyDelivery', requestId, replyId, outcome },
      },
    ]);
  }
}
