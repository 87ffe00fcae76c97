import type { DomainEvent } from '@shop/contracts';
import { fold } from '../shared/decider';
import {
  refuseReceiptSaleId,
  saleIdOwnerDecider,
  saleIdOwnerMessages,
  type AddReceiptLine,
} from './sale-id-owner.decider';

const saleId = 'CASH-1700000000000-abc';
const tillSale: DomainEvent = {
  type: 'SaleRecorded',
  data: {
    saleId,
    paymentMethod: 'cash',
    discountPercentage: '0.00',
    originalTotal: '10.00',
    discountAmount: '0.00',
    totalValue: '10.00',
    sellerName: 'ada',
    notes: null,
    lines: [
      {
        productId: '11111111-1111-4111-8111-111111111111',
        movementId: 'aaaaaaaa-1111-4111-8111-111111111111',
        productName: 'P',
        productSku: 'SKU',
        quantity: 1,
        unitPrice: '10.00',
        costPrice: null,
        originalTotal: '10.00',
        discountAmount: '0.00',
        totalValue: '10.00',
      },
    ],
  },
};
const claimed: DomainEvent = { type: 'SaleIdClaimed', data: { saleId } };
const addLine: AddReceiptLine = { type: 'AddReceiptLine', saleId };

const given = (...events: DomainEvent[]) => {
  const owner = fold(saleIdOwnerDecider, events);
  return {
    whenReceiptLine: () => saleIdOwnerDecider.decide(addLine, owner),
    whenTillSale: () => refuseReceiptSaleId(saleId, owner),
  };
};

describe('sale id owner decider', () => {
  it('lets the first receipt line claim a fresh sale id', () => {
    expect(given().whenReceiptLine()).toEqual([claimed]);
  });

  it('adds nothing for later lines of the same receipt', () => {
    expect(given(claimed).whenReceiptLine()).toEqual([]);
  });

  it("refuses a stock movement that reuses a till sale's id, with 409", () => {
    expect(() => given(tillSale).whenReceiptLine()).toThrow(saleIdOwnerMessages.tillSale(saleId));
    expect(() => given(tillSale).whenReceiptLine()).toThrow(expect.objectContaining({ code: 'conflict' }));
  });

  it('refuses a till sale whose id a receipt already holds, and lets a fresh or its own id through', () => {
    expect(() => given(claimed).whenTillSale()).toThrow(saleIdOwnerMessages.receipt(saleId));
    expect(() => given().whenTillSale()).not.toThrow();
    expect(() => given(tillSale).whenTillSale()).not.toThrow();
  });

  it('keeps the first owner whatever follows', () => {
    expect(fold(saleIdOwnerDecider, [tillSale, claimed])).toBe('till-sale');
    expect(fold(saleIdOwnerDecider, [claimed, tillSale])).toBe('receipt');
  });
});
