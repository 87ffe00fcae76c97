import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@shop/contracts';
import { getUserById } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { DATABASE } from '../infrastructure/tokens';
import { verifyPassword } from './password-hasher';
import { PasswordRefused } from './password-refusal';

/**
 * Re-checks a signed-in user's own password before a sensitive change (the spec's browser-only gate, on the server).
 * Routes that use it are @PasswordGated: throttled like sign-in.
 */
@Injectable()
export class PasswordCheck {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async matches(userId: string, password: string): Promise<boolean> {
    const user = await getUserById(this.database.knex, userId);
    return verifyPassword(user && !user.deletedAt ? user.passwordHash : null, password);
  }

  async require(userId: string, password: string, message: string = MESSAGES.invalidPassword): Promise<void> {
    if (!(await this.matches(userId, password))) throw new PasswordRefused(message);
  }
}
