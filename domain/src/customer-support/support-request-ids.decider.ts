import type { DomainEvent, DomainEventOf } from '@shop/contracts';
import type { Decider } from '../shared/decider';
import { SupportRequestIdTaken } from './support-request.decider';

/**
 * The counter behind the spec's serial id. One stream holds every allocation; appending the next
 * one with the stream's expected version (in the same atomic append as the request itself) means
 * two concurrent submissions can never get the same number, and a failed write uses none up.
 */
export type SupportRequestIdsState = { readonly lastId: number };

export type AllocateSupportRequestId = { readonly type: 'AllocateSupportRequestId'; readonly requestId: number };

export function decideSupportRequestId(
  command: AllocateSupportRequestId,
  state: SupportRequestIdsState,
): DomainEventOf<'SupportRequestIdAllocated'>[] {
  // The caller proposes lastId + 1 as it saw it; a concurrent writer may have taken it meanwhile.
  if (command.requestId !== state.lastId + 1) throw new SupportRequestIdTaken(command.requestId);
  return [{ type: 'SupportRequestIdAllocated', data: { requestId: command.requestId } }];
}

export function evolveSupportRequestIds(state: SupportRequestIdsState, event: DomainEvent): SupportRequestIdsState {
  return event.type === 'SupportRequestIdAllocated' ? { lastId: Math.max(state.lastId, event.data.requestId) } : state;
}

export const supportRequestIdsDecider: Decider<
  AllocateSupportRequestId,
  SupportRequestIdsState,
  DomainEventOf<'SupportRequestIdAllocated'>
> = {
  initialState: () => ({ lastId: 0 }),
  decide: decideSupportRequestId,
  evolve: evolveSupportRequestIds,
};

export const SUPPORT_REQUEST_IDS_STREAM = 'support-request-ids';
