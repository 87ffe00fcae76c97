import { randomUUID } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import { charCount, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, type Role } from '@shop/contracts';
import {
  MANAGER_ALWAYS_ACTIVE,
  userDecider,
  usernameDecider,
  usernameStreamId,
  userStreamId,
  validationError,
  type CommandContext,
} from '@shop/domain';
import { hashPassword } from '../auth/password-hasher';
import { StreamWriter } from '../infrastructure/stream-writer.service';

export interface NewUser {
  readonly username: string;
  readonly password: string;
  readonly role: Role;
  readonly permissions: Record<string, unknown>;
  readonly isActive: boolean;
}

export class CreateUserCommand extends Command<{ userId: string }> {
  constructor(
    readonly user: NewUser,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CreateUserCommand)
export class CreateUserHandler implements ICommandHandler<CreateUserCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ user, context }: CreateUserCommand): Promise<{ userId: string }> {
    // The contract refuses it first; this also holds for the first manager made at start-up.
    if (charCount(user.password) < MIN_PASSWORD_LENGTH) throw validationError(PASSWORD_TOO_SHORT);
    // The user decider refuses it too; asked here, before the (slow) password hash.
    if (user.role === 'manager' && !user.isActive) throw validationError(MANAGER_ALWAYS_ACTIVE);
    const userId = randomUUID();
    const passwordHash = await hashPassword(user.password);
    await this.writer.write(context, [
      {
        streamId: usernameStreamId(user.username),
        decider: usernameDecider,
        command: { type: 'ClaimUsername', username: user.username, userId },
      },
      {
        streamId: userStreamId(userId),
        decider: userDecider,
        command: {
          type: 'CreateUser',
          userId,
          username: user.username,
          passwordHash,
          role: user.role,
          permissions: user.permissions,
          isActive: user.isActive,
        },
      },
    ]);
    return { userId };
  }
}
