import { MESSAGES, type DomainEvent, type DomainEventOf, type PaymentMethod, type SaleLine } from '@shop/contracts';
import { validationError } from '../shared/domain-error';
import {
  allocateDiscount,
  discountKobo,
  koboToAmount,
  multiplyAmount,
  normaliseAmount,
  normalisePercent,
  percentToHundredths,
  sumKobo,
  toKobo,
} from '@shop/contracts';
import { requireSaleTotalWithinLimit } from '../shared/limit-checks';
import { decideProduct, requireLive, type ProductState } from '../product/product.decider';
import type { StreamFold } from '../shared/decider';
import { evolveSaleIdOwner, type SaleIdOwner } from './sale-id-owner.decider';
import {
  pricesAcceptedSince,
  requireAcceptedPrice,
  requirePlausibleSaleTime,
  type OfflineFacts,
  type PriceInForce,
} from './offline-sale.rules';

export type SaleState = { readonly recorded: false } | { readonly recorded: true; readonly saleId: string };

export interface RecordSale {
  readonly type: 'RecordSale';
  readonly saleId: string;
  readonly lines: readonly {
    readonly productId: string;
    readonly movementId: string;
    readonly quantity: number;
    /** Offline sales only: the price the customer paid, checked against `acceptedPrices`. */
    readonly unitPrice?: string;
    /** Offline sales only: the product's prices as the ledger set them, in order. */
    readonly priceHistory?: readonly PriceInForce[];
  }[];
  readonly discountPercentage: string;
  readonly paymentMethod: PaymentMethod;
  readonly sellerName: string;
  readonly notes: string | null;
  /** A sale the till took offline and sends now (issue 14); absent for a sale taken online. */
  readonly offline?: OfflineFacts;
}

export interface SaleDecision {
  readonly sale: DomainEventOf<'SaleRecorded'>[];
  /** StockIssued events per line, in the order of `lines`. */
  readonly products: DomainEvent[][];
}

/**
 * A till sale over several product streams: priced from each product's catalogue price at this
 * moment, the discount spread over the lines so line totals add up to the sale total to the kobo,
 * and every line checked by the product's own rules (stock, deleted). A recorded sale is final:
 * deciding it again yields nothing, which makes a retried post harmless.
 *
 * A sale taken offline is a fact (docs/decisions.md): priced at what the customer paid where the
 * ledger says that price was in force at the till's catalogue or later, and recorded even when
 * other tills sold the last units meanwhile (its lines then take the stock below zero).
 */
export function decideSale(command: RecordSale, sale: SaleState, products: readonly ProductState[]): SaleDecision {
  if (sale.recorded) return { sale: [], products: products.map(() => []) };
  if (command.paymentMethod === 'card') throw validationError(MESSAGES.cardRefused);
  if (command.lines.length === 0) throw validationError('The cart is empty');
  const discountPercentage = normalisePercent(command.discountPercentage);
  const discountHundredths = percentToHundredths(discountPercentage) ?? 0n;
  if (discountHundredths > 10_000n) throw validationError('Discount must be between 0% and 100%');

  const { offline } = command;
  if (offline) requirePlausibleSaleTime(offline);
  const priced = command.lines.map((line, index) => {
    const product = requireLive(products[index] ?? { status: 'absent' });
    const unitPrice = offline ? offlineUnitPrice(product.name, line, offline.catalogAsOf) : product.price;
    return { line, product, unitPrice, originalTotal: multiplyAmount(unitPrice, line.quantity) };
  });
  const originalTotal = sumKobo(priced.map(({ originalTotal: total }) => toKobo(total)));
  requireSaleTotalWithinLimit(originalTotal, 'sale');
  const discountAmount = koboToAmount(discountKobo(originalTotal, discountHundredths));
  const lineDiscounts = allocateDiscount(
    priced.map(({ originalTotal: total }) => total),
    discountAmount,
  );

  const productEvents = priced.map(({ line, product, unitPrice }, index) =>
    decideProduct(
      {
        type: 'IssueStock',
        productId: line.productId,
        movementId: line.movementId,
        quantity: line.quantity,
        reason: 'sale',
        unitPrice: offline ? unitPrice : null,
        discountPercentage,
        discountAmount: lineDiscounts[index]!,
        sellerName: command.sellerName,
        notes: command.notes,
        saleId: command.saleId,
        ...(offline && { offline: { soldAt: offline.soldAt, syncedAt: offline.syncedAt } }),
      },
      product,
    ),
  );
  const lines: SaleLine[] = productEvents.map((events, index) => {
    const issued = events[0];
    if (!issued || issued.type !== 'StockIssued') throw new Error('IssueStock must yield StockIssued');
    const { product } = priced[index]!;
    return {
      productId: issued.data.productId,
      movementId: issued.data.movementId,
      productName: product.name,
      productSku: product.sku,
      quantity: issued.data.quantity,
      unitPrice: issued.data.unitPrice!,
      costPrice: issued.data.costPrice,
      originalTotal: issued.data.originalTotal,
      discountAmount: issued.data.discountAmount,
      totalValue: issued.data.totalValue,
    };
  });
  return {
    sale: [
      {
        type: 'SaleRecorded',
        data: {
          saleId: command.saleId,
          paymentMethod: command.paymentMethod,
          discountPercentage,
          originalTotal: koboToAmount(originalTotal),
          discountAmount,
          totalValue: koboToAmount(sumKobo(lines.map((line) => toKobo(line.totalValue)))),
          sellerName: command.sellerName,
          notes: command.notes,
          lines,
          ...(offline && { offline: { ...offline } }),
        },
      },
    ],
    products: productEvents,
  };
}

function offlineUnitPrice(productName: string, line: RecordSale['lines'][number], catalogAsOf: string): string {
  if (line.unitPrice === undefined) throw validationError('An offline sale needs the price of each item');
  requireAcceptedPrice(productName, line.unitPrice, pricesAcceptedSince(line.priceHistory ?? [], catalogAsOf));
  return normaliseAmount(line.unitPrice);
}

export function evolveSale(state: SaleState, event: DomainEvent): SaleState {
  return event.type === 'SaleRecorded' ? { recorded: true, saleId: event.data.saleId } : state;
}

export const initialSaleState = (): SaleState => ({ recorded: false });

/** A sale id's stream, folded: whether a till sale was recorded, and who owns the id (till sale or receipt). */
export const saleStreamFold: StreamFold<{ readonly sale: SaleState; readonly owner: SaleIdOwner }> = {
  initialState: () => ({ sale: initialSaleState(), owner: 'none' }),
  evolve: (state, event) => ({ sale: evolveSale(state.sale, event), owner: evolveSaleIdOwner(state.owner, event) }),
};

export const saleStreamId = (saleId: string) => `sale-${saleId}`;
