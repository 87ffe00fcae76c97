import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AuthController, RecordSignInHandler } from './auth.controller';
import { LocalStrategy } from './local.strategy';
import { PasswordCheck } from './password-check';
import { SessionGuard } from './session.guard';

@Global()
@Module({
  imports: [PassportModule],
  controllers: [AuthController],
  providers: [LocalStrategy, RecordSignInHandler, PasswordCheck, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [PasswordCheck],
})
export class AuthModule {}
