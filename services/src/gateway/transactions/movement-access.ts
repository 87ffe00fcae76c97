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

/** How a movement allowed by MovementAccess is priced, and whose it is. */
export interface MovementPricing {
  /**
   * A sale line recorded through the till alone (no Inventory page): at the catalogue's price, as
   * POST /api/sales prices every line. The till sends that price anyway; a client that sends another
   * cannot sell under it unseen (a discount stays the till's own, visible, field).
   */
  readonly catalogPrice: boolean;
  /**
   * The same sale line: the signed-in user's own sale. The till sends no seller (spec section 7); a
   * name sent anyway would put the sale on another staff member's figures. The stock dialog's Seller
   * field (the Inventory page) stays the user's to fill in.
   */
  readonly ownSeller: boolean;
}

@Injectable()
export class MovementAccess {
  constructor(private readonly permissions: PagePermissionsReader) {}

  /** Resolves when `user` may record `movement`, with its pricing; 403 otherwise (the route's guard admitted the user). */
  async check(user: SessionUser, movement: Movement): Promise<MovementPricing> {
    const grants = await this.permissions.grants(user);
    if (!pagesRecording(movement).some(grants)) throw new ForbiddenException(movementRefusal(movement));
    const saleLine = movement.type === 'out' && movement.reason === 'sale';
    const tillOnly = saleLine && !grants('inventory');
    return { catalogPrice: tillOnly, ownSeller: tillOnly };
  }
}
