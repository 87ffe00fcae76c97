import { Module } from '@nestjs/common';
import { ChangePasswordHandler } from './change-password.command';
import { CreateUserHandler } from './create-user.command';
import { DeleteUserHandler } from './delete-user.command';
import { SetUserActiveHandler } from './set-user-active.command';
import { GetUserHandler, ListUsersHandler } from './user.queries';
import { UsersController } from './users.controller';

@Module({
  controllers: [UsersController],
  providers: [
    CreateUserHandler,
    SetUserActiveHandler,
    DeleteUserHandler,
    ChangePasswordHandler,
    ListUsersHandler,
    GetUserHandler,
  ],
})
export class UsersModule {}
