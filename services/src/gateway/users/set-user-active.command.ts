import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionUser } from '@shop/contracts';
import { userDecider, userStreamId } from '@shop/domain';
import { SessionStore } from '../auth/session.store';
import { commandContext } from '../auth/current-user.decorator';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export class SetUserActiveCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly isActive: boolean,
    readonly user: SessionUser,
  ) {
    super();
  }
}

@CommandHandler(SetUserActiveCommand)
export class SetUserActiveHandler implements ICommandHandler<SetUserActiveCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ userId, isActive, user }: SetUserActiveCommand): Promise<void> {
    await this.writer.write(commandContext(user), [
      { streamId: userStreamId(userId), decider: userDecider, command: { type: 'SetUserActive', userId, isActive } },
    ]);
    // The guard already refuses inactive users; dropping the rows keeps the table honest too.
    if (!isActive) await this.sessions.revokeUser(userId);
  }
}
