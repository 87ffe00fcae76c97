import { MESSAGES, type DomainEvent, type DomainEventOf } from '@shop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import { conflict } from '../shared/domain-error';

/**
 * One stream per SKU: claiming it in the same atomic append as ProductCreated makes
 * "SKU unique among live products" hold under concurrency, with no read-model lookup.
 */
export type SkuState = { readonly ownerProductId: string | null };

export type SkuCommand =
  | { readonly type: 'ClaimSku'; readonly sku: string; readonly productId: string }
  | { readonly type: 'ReleaseSku'; readonly sku: string; readonly productId: string };

type SkuEvent = DomainEventOf<'SkuClaimed' | 'SkuReleased'>;

export function decideSku(command: SkuCommand, state: SkuState): SkuEvent[] {
  switch (command.type) {
    case 'ClaimSku':
      if (state.ownerProductId !== null) throw conflict(MESSAGES.skuTaken(command.sku));
      return [{ type: 'SkuClaimed', data: { sku: command.sku, productId: command.productId } }];
    case 'ReleaseSku':
      if (state.ownerProductId !== command.productId) return [];
      return [{ type: 'SkuReleased', data: { sku: command.sku, productId: command.productId } }];
    default:
      return assertNever(command);
  }
}

export function evolveSku(state: SkuState, event: DomainEvent): SkuState {
  switch (event.type) {
    case 'SkuClaimed':
      return { ownerProductId: event.data.productId };
    case 'SkuReleased':
      return { ownerProductId: null };
    default:
      return state;
  }
}

export const skuDecider: Decider<SkuCommand, SkuState, SkuEvent> = {
  initialState: () => ({ ownerProductId: null }),
  decide: decideSku,
  evolve: evolveSku,
};

/** SKUs compare case-insensitively: "LIP-01" and "lip-01" are the same label on a shelf. */
export const skuStreamId = (sku: string) => `sku-${sku.trim().toLowerCase()}`;
