import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  changePasswordInput,
  createUserInput,
  MESSAGES,
  updateUserInput,
  type ChangePasswordInput,
  type SessionUser,
  type UpdateUserInput,
  type User,
} from '@shop/contracts';
import { ManagerOnly } from '../auth/access.decorator';
import { commandContext, CurrentUser } from '../auth/current-user.decorator';
import { PasswordGated } from '../auth/password-attempt.guard';
import { uuidParam } from '../http/uuid-param.pipe';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { CreateUserCommand, type NewUser } from './create-user.command';
import { SetUserActiveCommand } from './set-user-active.command';
import { DeleteUserCommand } from './delete-user.command';
import { ChangePasswordCommand } from './change-password.command';
import { SESSION_COOKIE } from '../auth/session.guard';
import { GetUserQuery, ListUsersQuery } from './user.queries';
import { readBackRecorded } from '../http/recorded-write';

const userId = uuidParam(MESSAGES.userNotFound);

@Controller('api/users')
@ManagerOnly()
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(): Promise<User[]> {
    return this.queries.execute(new ListUsersQuery());
  }

  @Post()
  async create(
    @Body(new ZodBodyPipe(createUserInput)) input: NewUser,
    @CurrentUser() user: SessionUser,
  ): Promise<User> {
    const { userId: id } = await this.commands.execute(new CreateUserCommand(input, commandContext(user)));
    return readBackRecorded(() => this.queries.execute(new GetUserQuery(id)), { id });
  }

  @Put(':id')
  async update(
    @Param('id', userId) id: string,
    @Body(new ZodBodyPipe(updateUserInput)) input: UpdateUserInput,
    @CurrentUser() user: SessionUser,
  ): Promise<User> {
    await this.commands.execute(new SetUserActiveCommand(id, input.isActive, user));
    return this.queries.execute(new GetUserQuery(id));
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', userId) id: string, @CurrentUser() user: SessionUser): Promise<void> {
    await this.commands.execute(new DeleteUserCommand(id, user));
  }

  /** Checks the current password of the user in the path: throttled on that user's account. */
  @Put(':id/change-password')
  @PasswordGated('user-param')
  @HttpCode(204)
  async changePassword(
    @Param('id', userId) id: string,
    @Body(new ZodBodyPipe(changePasswordInput)) input: ChangePasswordInput,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.queries.execute(new GetUserQuery(id));
    const token: unknown = request.cookies?.[SESSION_COOKIE];
    await this.commands.execute(new ChangePasswordCommand(id, input, user, typeof token === 'string' ? token : null));
  }
}
