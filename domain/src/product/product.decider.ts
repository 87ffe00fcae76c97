import {
  MESSAGES,
  type DomainEvent,
  type DomainEventOf,
  type ProductCategory,
  type StockInReason,
  type StockOutReason,
} from '@shop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/domain-error';
import { lineTotals, multiplyAmount, normaliseAmount, normalisePercent, percentToHundredths } from '@shop/contracts';
import {
  requireLineTotalWithinLimit,
  requireStockAfterReceiptWithinLimit,
  requireStockCountWithinLimit,
} from '../shared/limit-checks';

export type ProductState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'live' | 'deleted';
      readonly productId: string;
      readonly name: string;
      readonly sku: string;
      readonly price: string;
      readonly costPrice: string | null;
      readonly stock: number;
    };

export interface CreateProduct {
  readonly type: 'CreateProduct';
  readonly productId: string;
  readonly name: string;
  readonly sku: string;
  readonly category: ProductCategory;
  readonly price: string;
  readonly costPrice: string | null;
  readonly openingStock: number;
  readonly minStockLevel: number;
  readonly description: string | null;
  readonly images: readonly string[];
}

export interface DeleteProduct {
  readonly type: 'DeleteProduct';
  readonly productId: string;
}

export interface ReceiveStock {
  readonly type: 'ReceiveStock';
  readonly productId: string;
  readonly movementId: string;
  readonly quantity: number;
  readonly reason: StockInReason;
  readonly unitPrice: string;
  readonly costPrice: string | null;
  readonly sellerName: string;
  readonly notes: string | null;
  readonly saleId: string | null;
}

export interface IssueStock {
  readonly type: 'IssueStock';
  readonly productId: string;
  readonly movementId: string;
  readonly quantity: number;
  readonly reason: StockOutReason;
  /** null: sell at the catalogue price in force (the till); otherwise the price the clerk entered. */
  readonly unitPrice: string | null;
  readonly discountPercentage: string;
  /** A sale spreads its discount over its lines to the kobo; absent, the line's own percentage applies. */
  readonly discountAmount?: string;
  readonly sellerName: string;
  readonly notes: string | null;
  readonly saleId: string | null;
  /**
   * A line of a sale taken offline: the goods already left, so it is recorded even below zero stock
   * (flagged by stockAfter < 0); every other stock out still refuses insufficient stock.
   */
  readonly offline?: { readonly soldAt: string; readonly syncedAt: string };
}

export type ProductCommand = CreateProduct | DeleteProduct | ReceiveStock | IssueStock;
type ProductEvent = DomainEventOf<'ProductCreated' | 'ProductDeleted' | 'StockReceived' | 'StockIssued'>;

export type LiveProduct = Extract<ProductState, { status: 'live' | 'deleted' }>;

/** A product that exists and is not deleted, or the refusal worded for the user. */
export function requireLive(state: ProductState): LiveProduct {
  if (state.status === 'absent') throw notFound(MESSAGES.productNotFound);
  if (state.status === 'deleted') throw conflict(MESSAGES.productDeleted);
  return state;
}

function requireQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1)
    throw validationError('Quantity must be a whole number of at least 1');
}

export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct': {
      if (state.status !== 'absent') throw conflict(`Product ${command.productId} already exists`);
      if (!Number.isInteger(command.openingStock) || command.openingStock < 0)
        throw validationError('Current stock cannot be negative');
      requireStockCountWithinLimit('Current stock', command.openingStock);
      requireStockCountWithinLimit('Minimum stock level', command.minStockLevel);
      return [
        {
          type: 'ProductCreated',
          data: {
            productId: command.productId,
            name: command.name,
            sku: command.sku,
            category: command.category,
            price: normaliseAmount(command.price),
            costPrice: command.costPrice === null ? null : normaliseAmount(command.costPrice),
            openingStock: command.openingStock,
            minStockLevel: command.minStockLevel,
            description: command.description,
            images: [...command.images],
          },
        },
      ];
    }
    case 'DeleteProduct': {
      requireLive(state);
      return [{ type: 'ProductDeleted', data: { productId: command.productId } }];
    }
    case 'ReceiveStock': {
      const product = requireLive(state);
      requireQuantity(command.quantity);
      const unitPrice = normaliseAmount(command.unitPrice);
      requireLineTotalWithinLimit(command.quantity, unitPrice);
      requireStockAfterReceiptWithinLimit(product.name, product.stock, command.quantity);
      return [
        {
          type: 'StockReceived',
          data: {
            productId: command.productId,
            movementId: command.movementId,
            quantity: command.quantity,
            reason: command.reason,
            unitPrice,
            costPrice: command.costPrice === null ? null : normaliseAmount(command.costPrice),
            totalValue: multiplyAmount(unitPrice, command.quantity),
            sellerName: command.sellerName,
            notes: command.notes,
            saleId: command.saleId,
          },
        },
      ];
    }
    case 'IssueStock': {
      const product = requireLive(state);
      requireQuantity(command.quantity);
      if (!command.offline && command.quantity > product.stock) {
        // An offline sale may have taken the stock below zero: nothing is available then, not "-5 units".
        const available = Math.max(product.stock, 0);
        throw conflict(MESSAGES.onlyUnitsAvailable(available, product.name));
      }
      const unitPrice = command.unitPrice === null ? product.price : normaliseAmount(command.unitPrice);
      const discountPercentage = normalisePercent(command.discountPercentage);
      if ((percentToHundredths(discountPercentage) ?? 0n) > 10_000n)
        throw validationError('Discount must be between 0% and 100%');
      requireLineTotalWithinLimit(command.quantity, unitPrice);
      return [
        {
          type: 'StockIssued',
          data: {
            productId: command.productId,
            movementId: command.movementId,
            quantity: command.quantity,
            reason: command.reason,
            unitPrice,
            costPrice: product.costPrice,
            discountPercentage,
            ...lineTotals(command.quantity, unitPrice, discountPercentage, command.discountAmount),
            sellerName: command.sellerName,
            notes: command.notes,
            saleId: command.saleId,
            ...(command.offline && {
              offline: { ...command.offline, stockAfter: product.stock - command.quantity },
            }),
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export function evolveProduct(state: ProductState, event: DomainEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated':
      return {
        status: 'live',
        productId: event.data.productId,
        name: event.data.name,
        sku: event.data.sku,
        price: event.data.price,
        costPrice: event.data.costPrice,
        stock: event.data.openingStock,
      };
    case 'ProductDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    case 'StockReceived':
      return state.status === 'absent'
        ? state
        : { ...state, stock: state.stock + event.data.quantity, costPrice: event.data.costPrice ?? state.costPrice };
    case 'StockIssued':
      return state.status === 'absent' ? state : { ...state, stock: state.stock - event.data.quantity };
    default:
      return state;
  }
}

export const productDecider: Decider<ProductCommand, ProductState, ProductEvent> = {
  initialState: () => ({ status: 'absent' }),
  decide: decideProduct,
  evolve: evolveProduct,
};

export const productStreamId = (productId: string) => `product-${productId}`;
