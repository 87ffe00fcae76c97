import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { SessionUser } from '@shop/contracts';
import type { CommandContext } from '@shop/domain';

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser => {
  return context.switchToHttp().getRequest().user as SessionUser;
});

/** The command context of the signed-in user: who and when, recorded on every event. */
export function commandContext(user: SessionUser | null, now: Date = new Date()): CommandContext {
  return { actorId: user?.id ?? null, actorName: user?.username ?? 'system', at: now.toISOString() };
}
