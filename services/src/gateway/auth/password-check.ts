import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@shop/contracts';
import { getUserById } from '@shop/projections';
import { userDecider, userStreamId } from '@shop/domain';
import type { Database } from '@shop/infrastructure';
import { DATABASE } from '../infrastructure/tokens';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { verifyPassword } from './password-hasher';
import { PasswordRefused } from './password-refusal';

/**
 * Re-checks a signed-in user's own password before a sensitive change (the spec's browser-only gate, on the server).
 * Routes that use it are @PasswordGated: throttled like sign-in.
 */
@Injectable()
export class PasswordCheck {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly writer: StreamWriter,
  ) {}

  async matches(userId: string, password: string): Promise<boolean> {
    return (await this.verifiedHash(userId, password)) !== null;
  }

  /**
   * Resolves with the stored hash the password matched: a change decided on it can be refused if
   * the password changed meanwhile (see the user decider's ChangePassword).
   */
  async require(userId: string, password: string, message: string = MESSAGES.invalidPassword): Promise<string> {
    const hash = await this.verifiedHash(userId, password);
    if (hash === null) throw new PasswordRefused(message);
    return hash;
  }

  /**
   * Whether `hash` is still the password of a user who may sign in: false once a change,
   * deactivation or deletion is recorded. Read from the user's stream, not the read model, which may
   * not show a change yet whose sessions were already revoked.
   */
  async stillCurrent(userId: string, hash: string): Promise<boolean> {
    const user = await this.writer.load({ streamId: userStreamId(userId), fold: userDecider });
    return user.status === 'active' && user.passwordHash === hash;
  }

  private async verifiedHash(userId: string, password: string): Promise<string | null> {
    const user = await getUserById(this.database.knex, userId);
    const hash = user && !user.deletedAt ? user.passwordHash : null;
    return (await verifyPassword(hash, password)) ? hash : null;
  }
}
