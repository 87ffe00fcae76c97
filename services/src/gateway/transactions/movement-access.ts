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

@Injectable()
export class MovementAccess {
  constructor(private readonly permissions: PagePermissionsReader) {}

  /** Resolves when `user` may record `movement`; 403 otherwise (the route's guard admitted the user). */
  async check(user: SessionUser, movement: Movement): Promise<void> {
    if (await this.permissions.grantsAny(user, pagesRecording(movement))) return;
    throw new ForbiddenException(movementRefusal(movement));
  }
}
