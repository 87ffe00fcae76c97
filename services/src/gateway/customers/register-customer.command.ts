import { randomUUID } from 'node:crypto';
import { CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterCustomerCommandInput, SessionUser } from '@shop/contracts';
import { customerDecider, customerEmailDecider, customerEmailStreamId, customerStreamId } from '@shop/domain';
import { hashPassword } from '../auth/password-hasher';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { intakeContext } from '../storefront/storefront-actor';

export class RegisterCustomerCommand extends Command<{ customerId: string }> {
  constructor(
    readonly input: RegisterCustomerCommandInput,
    /** null when the storefront token registered it. */
    readonly user: SessionUser | null,
  ) {
    super();
  }
}

@CommandHandler(RegisterCustomerCommand)
export class RegisterCustomerHandler implements ICommandHandler<RegisterCustomerCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ input, user }: RegisterCustomerCommand): Promise<{ customerId: string }> {
    const customerId = randomUUID();
    const { password, ...profile } = input;
    const passwordHash = password ? await hashPassword(password) : null;
    // The email claim and the registration are appended together: a taken email records nothing.
    await this.writer.write(intakeContext(user), [
      {
        streamId: customerEmailStreamId(profile.email),
        decider: customerEmailDecider,
        command: { type: 'ClaimCustomerEmail', email: profile.email, customerId },
      },
      {
        streamId: customerStreamId(customerId),
        decider: customerDecider,
        command: { type: 'RegisterCustomer', customerId, passwordHash, ...profile },
      },
    ]);
    return { customerId };
  }
}
