import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import {
  canAccessPage,
  DEFAULT_PAGE_PERMISSIONS,
  pagePermissions,
  type PageKey,
  type PagePermissionsSetting,
  type SessionUser,
} from '@shop/contracts';
import { getSetting } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { DATABASE } from '../infrastructure/tokens';

export const PAGE_PERMISSIONS_KEY = 'page_permissions';
export const PAGE_PERMISSIONS_DESCRIPTION = 'Pages each role may open (manager always has every page)';

@Injectable()
export class PagePermissionsReader {
  private readonly knex: Knex;

  constructor(@Inject(DATABASE) database: Database) {
    this.knex = database.knex;
  }

  /** The stored setting, or the default until a manager first saves one. */
  async read(): Promise<PagePermissionsSetting> {
    const setting = await getSetting(this.knex, PAGE_PERMISSIONS_KEY);
    const parsed = setting ? pagePermissions.safeParse(setting.value) : null;
    return {
      key: PAGE_PERMISSIONS_KEY,
      value: parsed?.success ? parsed.data : DEFAULT_PAGE_PERMISSIONS,
      description: setting?.description ?? PAGE_PERMISSIONS_DESCRIPTION,
      updatedAt: setting?.updatedAt ?? null,
    };
  }

  /** Which pages `user` may use, from one read of the setting: a manager every page, an assistant as granted. */
  async grants(user: SessionUser): Promise<(page: PageKey) => boolean> {
    if (user.role === 'manager') return () => true;
    const { value } = await this.read();
    return (page) => canAccessPage(user, value, page);
  }

  /** Whether `user` may use any of `pages`. */
  async grantsAny(user: SessionUser, pages: readonly PageKey[]): Promise<boolean> {
    return pages.some(await this.grants(user));
  }
}
