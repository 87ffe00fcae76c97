import type { SessionUser } from '@shop/contracts';
import type { CommandContext } from '@shop/domain';
import { commandContext } from '../auth/current-user.decorator';

/** Events placed by the storefront token have no staff actor; the audit trail names the storefront. */
export function intakeContext(user: SessionUser | null, now: Date = new Date()): CommandContext {
  return user ? commandContext(user, now) : { actorId: null, actorName: 'storefront', at: now.toISOString() };
}
