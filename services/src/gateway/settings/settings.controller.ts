import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, CommandHandler, Command, type ICommandHandler } from '@nestjs/cqrs';
import {
  updatePagePermissionsInput,
  type PagePermissions,
  type PagePermissionsSetting,
  type SessionUser,
  type UpdatePagePermissionsInput,
} from '@shop/contracts';
import { pagePermissionsDecider, settingStreamId } from '@shop/domain';
import { ManagerOnly, SignedIn } from '../auth/access.decorator';
import { commandContext, CurrentUser } from '../auth/current-user.decorator';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { PAGE_PERMISSIONS_DESCRIPTION, PAGE_PERMISSIONS_KEY, PagePermissionsReader } from './page-permissions.reader';

export class ChangePagePermissionsCommand extends Command<void> {
  constructor(
    readonly value: PagePermissions,
    readonly user: SessionUser,
    readonly basedOn?: PagePermissions,
  ) {
    super();
  }
}

@CommandHandler(ChangePagePermissionsCommand)
export class ChangePagePermissionsHandler implements ICommandHandler<ChangePagePermissionsCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ value, user, basedOn }: ChangePagePermissionsCommand): Promise<void> {
    await this.writer.write(commandContext(user), [
      {
        streamId: settingStreamId(PAGE_PERMISSIONS_KEY),
        decider: pagePermissionsDecider,
        command: {
          type: 'ChangeSetting',
          key: PAGE_PERMISSIONS_KEY,
          value,
          basedOn,
          description: PAGE_PERMISSIONS_DESCRIPTION,
        },
      },
    ]);
  }
}

@Controller('api/settings')
export class SettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly permissions: PagePermissionsReader,
  ) {}

  /** Every signed-in user needs it: the browser filters the sidebar and guards routes with it. */
  @Get('page_permissions')
  @SignedIn()
  pagePermissions(): Promise<PagePermissionsSetting> {
    return this.permissions.read();
  }

  @Put('page_permissions')
  @ManagerOnly()
  async updatePagePermissions(
    @Body(new ZodBodyPipe(updatePagePermissionsInput)) input: UpdatePagePermissionsInput,
    @CurrentUser() user: SessionUser,
  ): Promise<PagePermissionsSetting> {
    await this.commands.execute(new ChangePagePermissionsCommand(input.value, user, input.basedOn));
    return this.permissions.read();
  }
}
