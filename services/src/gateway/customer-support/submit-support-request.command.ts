import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES, SUPPORT_MESSAGES, type SubmitSupportRequestCommandInput } from '@shop/contracts';
import {
  conflict,
  SUPPORT_REQUEST_IDS_STREAM,
  supportRequestDecider,
  supportRequestIdsDecider,
  SupportRequestIdTaken,
  supportRequestStreamId,
} from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { TooManyRequests } from '../http/too-many-requests';
import { IntakeRateLimiter } from './intake-rate-limiter';

/** Rounds of "someone took that id, take the next one" before giving up with a 409. */
const MAX_ID_ATTEMPTS = 50;

export class SubmitSupportRequestCommand extends Command<{ requestId: number }> {
  constructor(
    readonly input: SubmitSupportRequestCommandInput,
    /** req.ip: X-Forwarded-For counts only from a proxy named by TRUST_PROXY (none by default). */
    readonly clientAddress: string,
  ) {
    super();
  }
}

@CommandHandler(SubmitSupportRequestCommand)
export class SubmitSupportRequestHandler implements ICommandHandler<SubmitSupportRequestCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly limiter: IntakeRateLimiter,
  ) {}

  async execute({ input, clientAddress }: SubmitSupportRequestCommand): Promise<{ requestId: number }> {
    // After validation (a malformed form costs no slot), before anything is written.
    if (!(await this.limiter.tryAcquire(clientAddress))) {
      throw new TooManyRequests(SUPPORT_MESSAGES.tooManyRequests, await this.limiter.secondsUntilFree(clientAddress));
    }
    // Anonymous: the public form has no session; the actor is recorded as 'customer'.
    const context = { ...commandContext(null), actorName: 'customer' };
    for (let attempt = 1; ; attempt++) {
      const ids = await this.writer.load({ streamId: SUPPORT_REQUEST_IDS_STREAM, fold: supportRequestIdsDecider });
      const requestId = ids.lastId + 1;
      try {
        // Counter and request in one atomic append: an id is used exactly when its request exists.
        await this.writer.write(context, [
          {
            streamId: SUPPORT_REQUEST_IDS_STREAM,
            decider: supportRequestIdsDecider,
            command: { type: 'AllocateSupportRequestId', requestId },
          },
          {
            streamId: supportRequestStreamId(requestId),
            decider: supportRequestDecider,
            command: { type: 'SubmitSupportRequest', requestId, ...input },
          },
        ]);
        return { requestId };
      } catch (error) {
        if (!(error instanceof SupportRequestIdTaken)) throw error;
        if (attempt >= MAX_ID_ATTEMPTS) throw conflict(MESSAGES.concurrentChange);
      }
    }
  }
}
