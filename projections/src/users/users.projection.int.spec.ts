import { randomUUID } from 'node:crypto';
import { userResponse } from '@shop/contracts';
import { FakeLedger, newEvent, useReadModelDatabase, project } from '../testing/projection-test-kit';
import { findUserByUsername } from './find-user-by-username.query';
import { getUserById } from './get-user-by-id.query';
import { listUsers } from './list-users.query';
import { toUserResponse } from './user-row.mapper';
import { usersProjection } from './users.projection';

const created = (username: string, role: 'manager' | 'assistant' = 'assistant') => ({
  userId: randomUUID(),
  username,
  passwordHash: `hash-of-${username}`,
  role,
  permissions: {},
  isActive: true,
});

describe('users projection', () => {
  const db = useReadModelDatabase();

  it('follows a user through sign-in, deactivation, password change and deletion', async () => {
    const ledger = new FakeLedger();
    const boss = created('boss', 'manager');
    const ada = created('ada');
    const bayo = created('bayo');
    const first = ledger.stored([
      newEvent('UserCreated', boss, '2025-03-01T08:00:00.000Z'),
      newEvent('UserCreated', ada, '2025-03-02T08:00:00.000Z'),
      newEvent('UserSignedIn', { userId: ada.userId }, '2025-03-03T08:00:00.000Z'),
      newEvent('UserSignedIn', { userId: ada.userId }, '2025-03-04T08:00:00.000Z'),
      newEvent('UserActivationChanged', { userId: ada.userId, isActive: false }),
      newEvent('UserPasswordChanged', { userId: ada.userId, passwordHash: 'new-hash' }),
    ]);
    await project(db.knex, usersProjection, first);
    const second = ledger.stored([
      newEvent('UserCreated', bayo, '2025-03-05T08:00:00.000Z'),
      newEvent('UserDeleted', { userId: bayo.userId }, '2025-03-06T08:00:00.000Z'),
      newEvent('UserDeleted', { userId: bayo.userId }, '2025-03-07T08:00:00.000Z'),
    ]);
    await project(db.knex, usersProjection, second, first.at(-1)!.position);

    const users = await listUsers(db.knex);
    expect(users.map((user) => user.username)).toEqual(['boss', 'ada']);
    for (const user of users) {
      userResponse.parse(user);
      expect(Object.keys(user)).not.toContain('passwordHash');
    }
    expect(users[1]).toEqual({
      id: ada.userId,
      username: 'ada',
      role: 'assistant',
      permissions: {},
      isActive: false,
      lastLoginAt: '2025-03-04T08:00:00.000Z',
      createdAt: '2025-03-02T08:00:00.000Z',
    });

    const record = await findUserByUsername(db.knex, 'ada');
    expect(record).toMatchObject({ passwordHash: 'new-hash', isActive: false, deletedAt: null });
    expect(toUserResponse(record!)).toEqual(users[1]);
    expect(await findUserByUsername(db.knex, 'bayo')).toBeNull();
    expect(await getUserById(db.knex, bayo.userId)).toMatchObject({ deletedAt: '2025-03-06T08:00:00.000Z' });
    expect(await getUserById(db.knex, boss.userId)).toMatchObject({ role: 'manager', passwordHash: 'hash-of-boss' });
    expect(await getUserById(db.knex, 'x')).toBeNull();
  });

  it('finds the live holder of a reused username', async () => {
    const ledger = new FakeLedger();
    await db.knex.raw('truncate users, projection_checkpoints');
    const old = created('chi');
    const fresh = created('chi');
    await project(
      db.knex,
      usersProjection,
      ledger.stored([
        newEvent('UserCreated', old),
        newEvent('UserDeleted', { userId: old.userId }),
        newEvent('UserCreated', fresh),
      ]),
    );
    expect((await findUserByUsername(db.knex, 'chi'))?.id).toBe(fresh.userId);
  });
});
