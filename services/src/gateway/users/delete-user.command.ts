import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES, type SessionUser } from '@shop/contracts';
import { notFound, userDecider, usernameDecider, usernameStreamId, userStreamId } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { SessionStore } from '../auth/session.store';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export class DeleteUserCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly user: SessionUser,
  ) {
    super();
  }
}

/** Deletes an assistant and frees the username in one append; their sessions end at once. */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ userId, user }: DeleteUserCommand): Promise<void> {
    const state = await this.writer.load({ streamId: userStreamId(userId), fold: userDecider });
    if (state.status === 'absent' || state.status === 'deleted') throw notFound(MESSAGES.userNotFound);
    await this.writer.write(commandContext(user), [
      { streamId: userStreamId(userId), decider: userDecider, command: { type: 'DeleteUser', userId } },
      {
        streamId: usernameStreamId(state.username),
        decider: usernameDecider,
        command: { type: 'ReleaseUsername', username: state.username, userId },
      },
    ]);
    await this.sessions.revokeUser(userId);
  }
}
