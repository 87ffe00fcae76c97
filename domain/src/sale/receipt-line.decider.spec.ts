import type { DomainEvent } from '@shop/contracts';
import { fold } from '../shared/decider';
import { receiptLineDecider, receiptLineMessages, type AddReceiptLine } from './receipt-line.decider';
import { refuseReceiptSaleId } from './sale-id-owner.decider';

const saleId = 'CASH-1700000000000-abc';
const productId = '11111111-1111-4111-8111-111111111111';
const otherProductId = '22222222-2222-4222-8222-222222222222';
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
        productId,
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
const addLine = (line: Partial<AddReceiptLine['line']> = {}, product = productId): AddReceiptLine => ({
  type: 'AddReceiptLine',
  saleId,
  productId: product,
  line: { movementId: 'bbbbbbbb-1111-4111-8111-111111111111', type: 'out', quantity: 2, ...line },
});
const lineAdded = (command: AddReceiptLine): DomainEvent => ({
  type: 'ReceiptLineAdded',
  data: { saleId: command.saleId, productId: command.productId, ...command.line },
});
const firstLine = addLine();

const given = (...events: DomainEvent[]) => {
  const state = fold(receiptLineDecider, events);
  return {
    whenReceiptLine: (command = firstLine) => receiptLineDecider.decide(command, state),
    whenTillSale: () => refuseReceiptSaleId(saleId, state.owner),
  };
};

describe('receipt line decider', () => {
  it('lets the first line claim a fresh sale id and records the line', () => {
    expect(given().whenReceiptLine()).toEqual([claimed, lineAdded(firstLine)]);
  });

  it("records a later product's line without claiming again", () => {
    const second = addLine({ movementId: 'cccccccc-1111-4111-8111-111111111111' }, otherProductId);
    expect(given(claimed, lineAdded(firstLine)).whenReceiptLine(second)).toEqual([lineAdded(second)]);
  });

  it('records nothing when the same line is posted again (a retried till call)', () => {
    const retry = addLine({ movementId: 'dddddddd-1111-4111-8111-111111111111' });
    expect(given(claimed, lineAdded(firstLine)).whenReceiptLine(retry)).toEqual([]);
  });

  it('refuses a different line for a product the receipt already holds, with 409', () => {
    const then = () => given(claimed, lineAdded(firstLine)).whenReceiptLine(addLine({ quantity: 3 }));
    expect(then).toThrow(receiptLineMessages.otherLine(saleId));
    expect(then).toThrow(expect.objectContaining({ code: 'conflict' }));
    expect(() => given(claimed, lineAdded(firstLine)).whenReceiptLine(addLine({ type: 'in' }))).toThrow(
      receiptLineMessages.otherLine(saleId),
    );
  });

  it('adds a line to a receipt claimed before lines were recorded (older history)', () => {
    expect(given(claimed).whenReceiptLine()).toEqual([lineAdded(firstLine)]);
  });

  it("refuses a stock movement that reuses a till sale's id, with 409", () => {
    expect(() => given(tillSale).whenReceiptLine()).toThrow(receiptLineMessages.tillSale(saleId));
    expect(() => given(tillSale).whenReceiptLine()).toThrow(expect.objectContaining({ code: 'conflict' }));
  });

  it('refuses a till sale whose id a receipt already holds, and lets a fresh or its own id through', () => {
    expect(() => given(claimed).whenTillSale()).toThrow(receiptLineMessages.receipt(saleId));
    expect(() => given().whenTillSale()).not.toThrow();
    expect(() => given(tillSale).whenTillSale()).not.toThrow();
  });

  it('keeps the first owner and the first line for a product whatever follows', () => {
    expect(fold(receiptLineDecider, [tillSale, claimed]).owner).toBe('till-sale');
    expect(fold(receiptLineDecider, [claimed, tillSale]).owner).toBe('receipt');
    const later = addLine({ quantity: 5, movementId: 'eeeeeeee-1111-4111-8111-111111111111' });
    const state = fold(receiptLineDecider, [claimed, lineAdded(firstLine), lineAdded(later)]);
    expect(state.lines.get(productId)).toEqual(firstLine.line);
  });
});
