import { createHash, randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ReplyToSupportRequestCommandInput, SessionUser } from '@shop/contracts';
import { supportRequestDecider, supportRequestStreamId, type CommandContext } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { SUPPORT_MAILER, supportReplyMail, type SupportMailer } from './support-mailer';

/** Enough of a mail server's answer to act on, without storing a whole transcript in an event. */
const MAX_ERROR_LENGTH = 500;

/**
 * The reply's id: random, or, with the client's replyKey, the same id for every retry of that reply
 * on this request (a UUIDv8 of RFC 9562 from a SHA-256). The request is part of it, so a key sent
 * again on another request is another reply there, never a clash with this one.
 */
export function replyIdFor(requestId: number, replyKey: string | undefined): string {
  if (!replyKey) return randomUUID();
  const bytes = createHash('sha256').update(`support-reply\n${requestId}\n${replyKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** created: false when this was a repeat of a reply already recorded (nothing new, nothing sent). */
export class ReplyToSupportRequestCommand extends Command<{ created: boolean }> {
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

  async execute({ requestId, input, user }: ReplyToSupportRequestCommand): Promise<{ created: boolean }> {
    const replyId = replyIdFor(requestId, input.replyKey);
    const streamId = supportRequestStreamId(requestId);
    const context = commandContext(user);
    const { events } = await this.writer.write(context, [
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
    const created = events.length > 0;
    if (created && this.mailer) await this.deliver(this.mailer, context, requestId, replyId, input.reply.trim());
    return { created };
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
