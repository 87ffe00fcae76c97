import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { MESSAGES, type SessionUser } from '@shop/contracts';
import { findUserByUsername } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { DATABASE } from '../infrastructure/tokens';
import { verifyPassword } from './password-hasher';
import { SignInRefused } from './password-refusal';

/** Who signed in, with the stored hash their password matched (kept in the process, never sent). */
export type SignInUser = SessionUser & { readonly checkedHash: string };

@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(@Inject(DATABASE) private readonly database: Database) {
    super({ usernameField: 'username', passwordField: 'password' });
  }

  /** Unknown user, wrong password and inactive user all answer the same, so usernames can't be probed. */
  async validate(username: string, password: string): Promise<SignInUser> {
    const user = await this.findUser(username.trim());
    const usable = user && user.isActive && !user.deletedAt ? user : null;
    const valid = await verifyPassword(usable?.passwordHash ?? null, password);
    if (!usable || !valid) throw new SignInRefused(MESSAGES.invalidCredentials);
    return { id: usable.id, username: usable.username, role: usable.role, checkedHash: usable.passwordHash };
  }

  /** Usernames are stored in Unicode NFC (text-fields.ts); one stored before that keeps its spelling. */
  private async findUser(typed: string) {
    const composed = typed.normalize('NFC');
    const user = await findUserByUsername(this.database.knex, composed);
    return user ?? (composed === typed ? null : findUserByUsername(this.database.knex, typed));
  }
}
