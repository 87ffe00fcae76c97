import type { DomainEvent } from '@shop/contracts';
import { fold } from '../shared/decider';
import { koboToAmount, sumKobo, toKobo } from '@shop/contracts';
import { productDecider, type ProductState } from '../product/product.decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { decideSale, evolveSale, initialSaleState, type RecordSale } from './sale.decider';

const ids = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];
const moves = [
  'aaaaaaaa-1111-4111-8111-111111111111',
  'aaaaaaaa-2222-4222-8222-222222222222',
  'aaaaaaaa-3333-4333-8333-333333333333',
];

const productState = (index: number, price: string, stock: number, costPrice: string | null = null): ProductState =>
  fold(productDecider, [
    {
      type: 'ProductCreated',
      data: {
        productId: ids[index]!,
        name: `P${index}`,
        sku: `SKU-${index}`,
        category: 'Body Care',
        price,
        costPrice,
        openingStock: stock,
        minStockLevel: 0,
        description: null,
        images: [],
      },
    } satisfies DomainEvent,
  ]);

const sale = (quantities: number[], discountPercentage = '0', paymentMethod: 'cash' | 'card' = 'cash'): RecordSale => ({
  type: 'RecordSale',
  saleId: 'CASH-1700000000000-abc',
  lines: quantities.map((quantity, index) => ({ productId: ids[index]!, movementId: moves[index]!, quantity })),
  discountPercentage,
  paymentMethod,
  sellerName: 'ada',
  notes: null,
});

const given = DeciderSpecification.forDecision(decideSale);

describe('sale decider', () => {
  it('prices from the catalogue and spreads a 12.5% discount so lines add up to the total to the kobo', () => {
    const products = [
      productState(0, '333.33', 10, '200.00'),
      productState(1, '0.99', 10),
      productState(2, '1250.10', 10),
    ];
    const {
      sale: [recorded],
      products: issued,
    } = given(initialSaleState(), products)
      .when(sale([3, 7, 1], '12.5'))
      .events();
    expect(recorded?.type).toBe('SaleRecorded');
    const data = recorded!.data as Extract<DomainEvent, { type: 'SaleRecorded' }>['data'];
    // 999.99 + 6.93 + 1250.10 = 2257.02; 12.5% = 282.1275 → 282.13
    expect(data).toMatchObject({
      originalTotal: '2257.02',
      discountAmount: '282.13',
      totalValue: '1974.89',
      discountPercentage: '12.50',
    });
    expect(koboToAmount(sumKobo(data.lines.map((line) => toKobo(line.totalValue))))).toBe('1974.89');
    expect(koboToAmount(sumKobo(data.lines.map((line) => toKobo(line.discountAmount))))).toBe('282.13');
    expect(data.lines[0]).toMatchObject({ unitPrice: '333.33', costPrice: '200.00', quantity: 3, productName: 'P0' });
    expect(issued.map((events) => events[0]?.type)).toEqual(['StockIssued', 'StockIssued', 'StockIssued']);
    expect(issued[1]![0]!.data).toMatchObject({ saleId: 'CASH-1700000000000-abc', reason: 'sale', unitPrice: '0.99' });
  });

  it('refuses the whole sale when one line exceeds stock', () => {
    const products = [productState(0, '10.00', 5), productState(1, '10.00', 1)];
    given(initialSaleState(), products)
      .when(sale([2, 2]))
      .thenRefused('conflict', 'Only 1 units available for P1');
  });

  it('refuses card payment with the spec text', () => {
    given(initialSaleState(), [productState(0, '10.00', 5)])
      .when(sale([1], '0', 'card'))
      .thenRefused(
        'validation',
        'Card payments are currently not available in the sales till. Use the customer store for card payments.',
      );
  });

  it('records nothing for a sale already recorded', () => {
    const products = [productState(0, '10.00', 5)];
    const first = given(initialSaleState(), products)
      .when(sale([1]))
      .events();
    const state = first.sale.reduce(evolveSale, initialSaleState());
    given(state, products)
      .when(sale([1]))
      .then({ sale: [], products: [[]] });
  });

  it('refuses a deleted or unknown product', () => {
    const deleted = productDecider.evolve(productState(0, '10.00', 5), {
      type: 'ProductDeleted',
      data: { productId: ids[0]! },
    });
    given(initialSaleState(), [deleted])
      .when(sale([1]))
      .thenRefused('conflict', 'This product has been deleted');
    given(initialSaleState(), [{ status: 'absent' }])
      .when(sale([1]))
      .thenRefused('not_found', 'Product not found');
  });

  it('refuses a sale whose total exceeds the largest amount although each line fits', () => {
    const products = [productState(0, '60000000.00', 5), productState(1, '40000000.00', 5)];
    given(initialSaleState(), products)
      .when(sale([1, 1]))
      .thenRefused('validation', 'The sale total must be at most 99999999.99: this sale comes to 100000000.00');
    const fits = [productState(0, '60000000.00', 5), productState(1, '39999999.99', 5)];
    expect(
      given(initialSaleState(), fits)
        .when(sale([1, 1]))
        .events().sale,
    ).toHaveLength(1);
  });
});
