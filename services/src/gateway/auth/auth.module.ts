import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AuthController, RecordSignInHandler } from './auth.controller';
import { LocalStrategy } from './local.strategy';
import { SessionGuard } from './session.guard';

@Module({
  imports: [PassportModule],
  controllers: [AuthController],
  providers: [LocalStrategy, RecordSignInHandler, { provide: APP_GUARD, useClass: SessionGuard }],
})
export class AuthModule {}
