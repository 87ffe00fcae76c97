import { Body, Controller, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import {
  CommandBus,
  CommandHandler,
  Command,
  QueryBus,
  QueryHandler,
  Query,
  type ICommandHandler,
  type IQueryHandler,
} from '@nestjs/cqrs';
import {
  updateContactInfoInput,
  verifyPasswordInput,
  type ContactInfo,
  type ContactInfoResponse,
  type SessionUser,
  type UpdateContactInfoInput,
} from '@shop/contracts';
import { getContactInfo } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { CONTACT_INFO_STREAM, contactInfoDecider } from '@shop/domain';
import { ManagerOnly, SignedIn } from '../auth/access.decorator';
import { commandContext, CurrentUser } from '../auth/current-user.decorator';
import { PasswordGated } from '../auth/password-attempt.guard';
import { PasswordCheck } from '../auth/password-check';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { DATABASE } from '../infrastructure/tokens';

export class ChangeContactInfoCommand extends Command<void> {
  constructor(
    readonly contact: ContactInfo,
    readonly user: SessionUser,
    readonly basedOn?: ContactInfo,
  ) {
    super();
  }
}

@CommandHandler(ChangeContactInfoCommand)
export class ChangeContactInfoHandler implements ICommandHandler<ChangeContactInfoCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ contact, user, basedOn }: ChangeContactInfoCommand): Promise<void> {
    await this.writer.write(commandContext(user), [
      {
        streamId: CONTACT_INFO_STREAM,
        decider: contactInfoDecider,
        command: { type: 'ChangeContactInfo', contact, basedOn },
      },
    ]);
  }
}

/** What a shop answers before a manager first saves its contact details. */
const NOT_SET: ContactInfoResponse = { email: '', phone: '', whatsapp: '', address: '', updatedAt: null };

export class GetContactInfoQuery extends Query<ContactInfoResponse> {}

@QueryHandler(GetContactInfoQuery)
export class GetContactInfoHandler implements IQueryHandler<GetContactInfoQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute(): Promise<ContactInfoResponse> {
    return (await getContactInfo(this.database.knex)) ?? NOT_SET;
  }
}

@Controller('api/contact-info')
export class ContactController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly passwords: PasswordCheck,
  ) {}

  /**
   * Receipts on the Transactions and Sales pages print it, so any signed-in user may read it. Until
   * a manager first saves it: four empty fields and updatedAt null.
   */
  @Get()
  @SignedIn()
  get(): Promise<ContactInfoResponse> {
    return this.queries.execute(new GetContactInfoQuery());
  }

  /** The edit requires the signed-in manager's own password, checked here rather than in the browser. */
  @Put()
  @ManagerOnly()
  @PasswordGated('signed-in-user')
  async update(
    @Body(new ZodBodyPipe(updateContactInfoInput)) input: UpdateContactInfoInput,
    @CurrentUser() user: SessionUser,
  ): Promise<ContactInfoResponse> {
    await this.passwords.require(user.id, input.password);
    const { password: _password, basedOn, ...contact } = input;
    await this.commands.execute(new ChangeContactInfoCommand(contact, user, basedOn));
    return this.queries.execute(new GetContactInfoQuery());
  }

  /** The password gate before the edit dialog opens: answers 'Invalid Password' early. */
  @Post('verify-password')
  @ManagerOnly()
  @PasswordGated('signed-in-user')
  @HttpCode(204)
  async verify(
    @Body(new ZodBodyPipe(verifyPasswordInput)) input: { password: string },
    @CurrentUser() user: SessionUser,
  ): Promise<void> {
    await this.passwords.require(user.id, input.password);
  }
}
