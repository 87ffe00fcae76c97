import { PAGE_KEYS, type PagePermissions } from '@shop/contracts';
import type { Decider } from '../shared/decider';
import { decideSetting, settingDecider, type SettingCommand, type SettingState } from './setting.decider';

/** Every page named, true or false: an assistant reaches only pages marked true, so a page left out is false. */
export const completePagePermissions = (value: unknown): PagePermissions => {
  const assistant = (value as PagePermissions | null)?.assistant;
  return { assistant: Object.fromEntries(PAGE_KEYS.map((page) => [page, assistant?.[page] === true])) };
};

/**
 * The page-permissions setting: as any setting, but a change made to what the screen read is compared
 * page by page with every page named, so a page one side leaves out and the other marks false is
 * the same page, not a change that collides with another manager's switch.
 */
export function decidePagePermissions(command: SettingCommand, state: SettingState) {
  if (command.basedOn === undefined || !state.exists) return decideSetting(command, state);
  return decideSetting(
    { ...command, value: completePagePermissions(command.value), basedOn: completePagePermissions(command.basedOn) },
    { ...state, value: completePagePermissions(state.value) },
  );
}

export const pagePermissionsDecider: Decider<SettingCommand, SettingState, ReturnType<typeof decideSetting>[number]> = {
  ...settingDecider,
  decide: decidePagePermissions,
};
