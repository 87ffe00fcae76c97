import type { DomainEvent, DomainEventOf } from '@shop/contracts';
import type { Decider } from '../shared/decider';
import { applyChangesSince } from '../shared/changes-since';
import { conflict } from '../shared/domain-error';

export type SettingState = { readonly value: unknown; readonly exists: boolean };

export type SettingCommand = {
  readonly type: 'ChangeSetting';
  readonly key: string;
  readonly value: unknown;
  readonly description: string | null;
  /** The value the change was made to (what the screen last read): only what differs from it is applied. */
  readonly basedOn?: unknown;
};

/** Refused when another manager changed the same entry, to something else, since the screen read it. */
export const settingChangedMeanwhile = (path: readonly string[]) =>
  `${path.join(' → ') || 'This setting'} was changed by someone else meanwhile. Check it and try again.`;

type SettingEvent = DomainEventOf<'SettingChanged'>;

export function decideSetting(command: SettingCommand, state: SettingState): SettingEvent[] {
  const value = valueToSave(command, state);
  // Saving an unchanged value records nothing: the audit trail shows real changes only.
  if (state.exists && JSON.stringify(state.value) === JSON.stringify(value)) return [];
  return [{ type: 'SettingChanged', data: { key: command.key, value, description: command.description } }];
}

function valueToSave(command: SettingCommand, state: SettingState): unknown {
  if (command.basedOn === undefined || !state.exists) return command.value;
  const applied = applyChangesSince(command.basedOn, command.value, state.value);
  if ('conflict' in applied) throw conflict(settingChangedMeanwhile(applied.conflict));
  return applied.value;
}

export function evolveSetting(state: SettingState, event: DomainEvent): SettingState {
  return event.type === 'SettingChanged' ? { value: event.data.value, exists: true } : state;
}

export const settingDecider: Decider<SettingCommand, SettingState, SettingEvent> = {
  initialState: () => ({ value: null, exists: false }),
  decide: decideSetting,
  evolve: evolveSetting,
};

export const settingStreamId = (key: string) => `settings-${key}`;
