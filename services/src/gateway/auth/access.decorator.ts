import { SetMetadata } from '@nestjs/common';
import type { PageKey } from '@shop/contracts';

export const ACCESS_KEY = 'shop:access';

/**
 * Who may call a route. Every route declares one; the session guard refuses routes that don't.
 * - public: anyone, signed in or not;
 * - signed-in: any active user;
 * - pages: a manager, or an assistant granted at least one of these pages;
 * - manager: managers only.
 */
export type AccessRule =
  | { readonly kind: 'public' }
  | { readonly kind: 'signed-in' }
  | { readonly kind: 'pages'; readonly pages: readonly PageKey[] }
  | { readonly kind: 'manager' };

export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies AccessRule);
export const SignedIn = () => SetMetadata(ACCESS_KEY, { kind: 'signed-in' } satisfies AccessRule);
export const Pages = (...pages: PageKey[]) => SetMetadata(ACCESS_KEY, { kind: 'pages', pages } satisfies AccessRule);
export const ManagerOnly = () => SetMetadata(ACCESS_KEY, { kind: 'manager' } satisfies AccessRule);
