import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionUser, SupportStatus } from '@shop/contracts';
import { supportRequestDecider, supportRequestStreamId } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export class ChangeSupportStatusCommand extends Command<void> {
  constructor(
    readonly requestId: number,
    readonly to: SupportStatus,
    readonly user: SessionUser,
  ) {
    super();
  }
}

@CommandHandler(ChangeSupportStatusCommand)
export class ChangeSupportStatusHandler implements ICommandHandler<ChangeSupportStatusCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ requestId, to, user }: ChangeSupportStatusCommand): Promise<void> {
    const context = commandContext(user);
    // The decider stamps resolvedAt with the command's time: the same instant the event records.
    await this.writer.write(context, [
      {
        streamId: supportRequestStreamId(requestId),
        decider: supportRequestDecider,
        command: { type: 'ChangeSupportStatus', requestId, to, at: context.at },
      },
    ]);
  }
}
