import { Module } from '@nestjs/common';
import { CreateUserHandler } from './create-user.command';
import { SetUserActiveHandler } from './set-user-active.command';
import { GetUserHandler, ListUsersHandler } from './user.queries';
import { UsersController } from './users.controller';

@Module({
  controllers: [UsersController],
  providers: [CreateUserHandler, SetUserActiveHandler, ListUsersHandler, GetUserHandler],
})
export class UsersModule {}
