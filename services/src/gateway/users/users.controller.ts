import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  createUserInput,
  MESSAGES,
  updateUserInput,
  type SessionUser,
  type UpdateUserInput,
  type User,
} from '@shop/contracts';
import { ManagerOnly } from '../auth/access.decorator';
import { commandContext, CurrentUser } from '../auth/current-user.decorator';
import { uuidParam } from '../http/uuid-param.pipe';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { CreateUserCommand, type NewUser } from './create-user.command';
import { SetUserActiveCommand } from './set-user-active.command';
import { GetUserQuery, ListUsersQuery } from './user.queries';

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
  async create(@Body(new ZodBodyPipe(createUserInput)) input: NewUser, @CurrentUser() user: SessionUser): Promise<User> {
    const { userId: id } = await this.commands.execute(new CreateUserCommand(input, commandContext(user)));
    return this.queries.execute(new GetUserQuery(id));
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
}
