import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { AppConfig } from '../../config';
import { DomainError } from '@shop/domain';
import { CreateUserCommand } from './create-user.command';

export interface BootstrapResult {
  readonly username: string;
  /** Set only when the password was generated here: it is shown once and never again. */
  readonly generatedPassword: string | null;
}

/** On an empty store, creates the first manager from ADMIN_USERNAME/ADMIN_PASSWORD, or generates a password. */
export async function bootstrapManager(
  knex: Knex,
  commands: CommandBus,
  config: AppConfig,
): Promise<BootstrapResult | null> {
  const existing = await knex('users').first('id');
  if (existing) return null;
  const username = config.admin.username ?? 'admin';
  const generatedPassword = config.admin.password ? null : randomBytes(12).toString('base64url');
  const password = config.admin.password ?? generatedPassword!;
  try {
    await commands.execute(
      new CreateUserCommand(
        { username, password, role: 'manager', permissions: {}, isActive: true },
        { actorId: null, actorName: 'system', at: new Date().toISOString() },
      ),
    );
  } catch (error) {
    // Another gateway starting at the same moment claimed the username first: it did the bootstrap.
    if (error instanceof DomainError && error.code === 'conflict') return null;
    throw error;
  }
  new Logger('Bootstrap').log(`Created the first manager account '${username}'`);
  return { username, generatedPassword };
}
