import { ForbiddenException, Injectable } from '@nestjs/common';
import type { CreateTransactionCommandInput, PageKey, SessionUser } from '@shop/contracts';
import { PagePermissionsReader } from '../settings/page-permissions.reader';

type Movement = Pick<CreateTransactionCommandInput, 'type' | 'reason'>;

/**
 * Which movements each page records. POST /api/transactions is open to three pages, but each records
 * only its own kind: the Inventory page any movement, the dashboard's dialog a stock in, the spec's
 * per-line till a sale line. An assistant granted only the till cannot write stock off or receive it.
 */
export function pagesRecording(movement: Movement): readonly PageKey[] {
  if (movement.type === 'in') return ['inventory', 'dashboard'];
  return movement.reason === 'sale' ? ['inventory', 'sales'] : ['inventory'];
}

export const movementRefusal = (movement: Movement): string =>
  `Recording a stock ${movement.type} for ${movement.reason} needs the Inventory page` +
  (movement.type === 'in' ? ' or the Dashboard' : movement.reason === 'sale' ? ' or the Sales page' : '');

/** How a movement allowed by MovementAccess is priced. */
export interface MovementPricing {
  /**
   * A sale line recorded through the till alone (no Inventory page): at the catalogue's price, as
   * POST /api/sales prices every line. The till sends that price anyway; a client that sends another
   * cannot sell under it unseen (a discount stays the till's own, visible, field).
   */
  readonly catalogPrice: boolean;
}

@Injectable()
export class MovementAccess {
  constructor(private readonly permissions: PagePermissionsReader) {}

  /** Resolves when `user` may record `movement`, with its pricing; 403 otherwise (the route's guard admitted the user). */
  async check(user: SessionUser, movement: Movement): Promise<MovementPricing> {
    const grants = await this.permissions.grants(user);
    if (!pagesRecording(movement).some(grants)) throw new ForbiddenException(movementRefusal(movement));
    const saleLine = movement.type === 'out' && movement.reason === 'sale';
    return { catalogPrice: saleLine && !grants('inventory') };
  }
}
