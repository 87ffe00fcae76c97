import type { DomainEvent } from '@shop/contracts';
import { DeciderSpecification } from '../testing/decider-specification';
import { completePagePermissions, pagePermissionsDecider } from './page-permissions.decider';
import { settingChangedMeanwhile, settingDecider } from './setting.decider';

const key = 'page_permissions';
const description = 'Which pages sales assistants may open';
const saved = (value: unknown): DomainEvent => ({ type: 'SettingChanged', data: { key, value, description } });
const read = { assistant: { reports: false, products: false } };
const given = DeciderSpecification.for(settingDecider);

describe('setting decider', () => {
  it('saves the whole value sent when the screen says nothing of what it read (the spec’s call)', () => {
    const value = { assistant: { reports: false, products: true } };
    given(saved({ assistant: { reports: true, products: false } }))
      .when({ type: 'ChangeSetting', key, value, description })
      .then([saved(value)]);
  });

  it('keeps a switch another manager turned since the screen read, turning only the one pressed on it', () => {
    given(saved(read), saved({ assistant: { reports: true, products: false } }))
      .when({
        type: 'ChangeSetting',
        key,
        value: { assistant: { reports: false, products: true } },
        basedOn: read,
        description,
      })
      .then([saved({ assistant: { reports: true, products: true } })]);
  });

  it('records nothing when the switch pressed was already turned the same way by another manager', () => {
    const both = { assistant: { reports: true, products: false } };
    given(saved(read), saved(both))
      .when({ type: 'ChangeSetting', key, value: both, basedOn: read, description })
      .thenNothing();
  });

  it('refuses a change of an entry another manager changed to something else since the screen read it', () => {
    given(saved({ limit: 1 }), saved({ limit: 2 }))
      .when({ type: 'ChangeSetting', key, value: { limit: 3 }, basedOn: { limit: 1 }, description })
      .thenRefused('conflict', settingChangedMeanwhile(['limit']));
  });
});

describe('page permissions decider', () => {
  const givenPermissions = DeciderSpecification.for(pagePermissionsDecider);
  const all = (granted: readonly string[]) =>
    completePagePermissions({ assistant: Object.fromEntries(granted.map((page) => [page, true])) });

  it('takes a page left out of the stored value as not granted, so another manager’s switch is kept', () => {
    // Stored by a client that named only two pages; this screen read every page, all named.
    givenPermissions(saved({ assistant: { sales: true } }), saved({ assistant: { sales: true, reports: true } }))
      .when({ type: 'ChangeSetting', key, value: all(['sales', 'products']), basedOn: all(['sales']), description })
      .then([saved(all(['sales', 'reports', 'products']))]);
  });
});
