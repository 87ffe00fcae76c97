import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { MESSAGES, type ChangePasswordInput, type SessionUser } from '@shop/contracts';
import { userDecider, userStreamId } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';
import { PasswordCheck } from '../auth/password-check';
import { hashPassword } from '../auth/password-hasher';
import { SessionStore } from '../auth/session.store';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export class ChangePasswordCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly input: ChangePasswordInput,
    readonly user: SessionUser,
    /** The caller's own session survives a change of their own password; every other session ends. */
    readonly keepSessionToken: string | null,
  ) {
    super();
  }
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly writer: StreamWriter,
    private readonly passwords: PasswordCheck,
    private readonly sessions: SessionStore,
  ) {}

  async execute({ userId, input, user, keepSessionToken }: ChangePasswordCommand): Promise<void> {
    const currentHash = await this.passwords.require(userId, input.currentPassword, MESSAGES.wrongCurrentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    await this.writer.write(commandContext(user), [
      {
        streamId: userStreamId(userId),
        decider: userDecider,
        // Decided on the hash the current password matched: a change that landed meanwhile refuses this one.
        command: { type: 'ChangePassword', userId, passwordHash, currentHash },
      },
    ]);
    await this.sessions.revokeUser(userId, userId === user.id ? keepSessionToken : null);
  }
}
