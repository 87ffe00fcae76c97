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

/** The terms a movement allowed by MovementAccess is recorded on. */
export interface MovementTerms {
  /**
   * A sale line recorded through the till alone (no Inventory page). It is taken at the catalogue's
   * price, as POST /api/sales prices every line: the till sends that price anyway, and a client that
   * sends another cannot sell under it unseen (a discount stays the till's own, visible, field). And
   * it is the signed-in user's own sale: the till sends no seller (spec section 7), and a name sent
   * anyway would put the sale on another staff member's figures. The stock dialog's price and Seller
   * field (the Inventory page) stay the user's to fill in.
   */
  readonly tillLine: boolean;
}

@Injectable()
export class MovementAccess {
  constructor(private readonly permissions: PagePermissionsReader) {}

  /** Resolves when `user` may record `movement`, with its terms; 403 otherwise (the route's guard admitted the user). */
  async check(user: SessionUser, movement: Movement): Promise<MovementTerms> {
    const grants = await this.permissions.grants(user);
    if (!pagesRecording(movement).some(grants)) throw new ForbiddenException(movementRefusal(movement));
    const saleLine = movement.type === 'out' && movement.reason === 'sale';
    return { tillLine: saleLine && !grants('inventory') };
  }
}
