import type { DomainEvent, DomainEventOf } from '@shop/contracts';
import type { Decider } from '../shared/decider';

export type SettingState = { readonly value: unknown; readonly exists: boolean };

export type SettingCommand = {
  readonly type: 'ChangeSetting';
  readonly key: string;
  readonly value: unknown;
  readonly description: string | null;
};

type SettingEvent = DomainEventOf<'SettingChanged'>;

export function decideSetting(command: SettingCommand, state: SettingState): SettingEvent[] {
  // Saving an unchanged value records nothing: the audit trail shows real changes only.
  if (state.exists && JSON.stringify(state.value) === JSON.stringify(command.value)) return [];
  return [
    { type: 'SettingChanged', data: { key: command.key, value: command.value, description: command.description } },
  ];
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
