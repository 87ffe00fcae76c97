import { pagePermissions } from '@shop/contracts';
import { FakeLedger, newEvent, useReadModelDatabase, project } from '../testing/projection-test-kit';
import { getSetting } from './get-setting.query';
import { settingsProjection } from './settings.projection';

describe('settings projection', () => {
  const db = useReadModelDatabase();

  it('keeps the latest value per key and the last description given', async () => {
    const ledger = new FakeLedger();
    const first = ledger.stored([
      newEvent(
        'SettingChanged',
        { key: 'page_permissions', value: { assistant: { sales: true } }, description: 'Pages' },
        '2025-03-01T08:00:00.000Z',
      ),
      newEvent(
        'SettingChanged',
        { key: 'page_permissions', value: { assistant: { sales: false } }, description: null },
        '2025-03-02T08:00:00.000Z',
      ),
      newEvent('SettingChanged', { key: 'nothing', value: null, description: null }, '2025-03-02T08:00:00.000Z'),
    ]);
    await project(db.knex, settingsProjection, first);
    const second = ledger.stored([
      newEvent(
        'SettingChanged',
        { key: 'page_permissions', value: { assistant: { reports: true } }, description: null },
        '2025-03-03T08:00:00.000Z',
      ),
    ]);
    await project(db.knex, settingsProjection, second, first.at(-1)!.position);

    const setting = await getSetting(db.knex, 'page_permissions');
    expect(setting).toEqual({
      key: 'page_permissions',
      value: { assistant: { reports: true } },
      description: 'Pages',
      updatedAt: '2025-03-03T08:00:00.000Z',
    });
    pagePermissions.parse(setting?.value);
    expect(await getSetting(db.knex, 'nothing')).toMatchObject({ value: null });
    expect(await getSetting(db.knex, 'missing')).toBeNull();
  });
});
