import type { DomainEvent } from '@shop/contracts';
import { fold } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
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

const given = DeciderSpecification.for(receiptLineDecider);
const tillSaleRefused =
  (...history: DomainEvent[]) =>
  () =>
    refuseReceiptSaleId(saleId, fold(receiptLineDecider, history).owner);

describe('receipt line decider', () => {
  it('lets the first line claim a fresh sale id and records the line', () => {
    given()
      .when(firstLine)
      .then([claimed, lineAdded(firstLine)]);
  });

  it("records a later product's line without claiming again", () => {
    const second = addLine({ movementId: 'cccccccc-1111-4111-8111-111111111111' }, otherProductId);
    given(claimed, lineAdded(firstLine))
      .when(second)
      .then([lineAdded(second)]);
  });

  it('records nothing when the same line is posted again (a retried till call)', () => {
    const retry = addLine({ movementId: 'dddddddd-1111-4111-8111-111111111111' });
    given(claimed, lineAdded(firstLine)).when(retry).thenNothing();
  });

  it('refuses a different line for a product the receipt already holds, with 409', () => {
    const holding = given(claimed, lineAdded(firstLine));
    holding.when(addLine({ quantity: 3 })).thenRefused('conflict', receiptLineMessages.otherLine(saleId));
    holding.when(addLine({ type: 'in' })).thenRefused('conflict', receiptLineMessages.otherLine(saleId));
  });

  it('adds a line to a receipt claimed before lines were recorded (older history)', () => {
    given(claimed)
      .when(firstLine)
      .then([lineAdded(firstLine)]);
  });

  it("refuses a stock movement that reuses a till sale's id, with 409", () => {
    given(tillSale).when(firstLine).thenRefused('conflict', receiptLineMessages.tillSale(saleId));
  });

  it('refuses a till sale whose id a receipt already holds, and lets a fresh or its own id through', () => {
    expect(tillSaleRefused(claimed)).toThrow(receiptLineMessages.receipt(saleId));
    expect(tillSaleRefused()).not.toThrow();
    expect(tillSaleRefused(tillSale)).not.toThrow();
  });

  it('keeps the first owner and the first line for a product whatever follows', () => {
    expect(fold(receiptLineDecider, [tillSale, claimed]).owner).toBe('till-sale');
    expect(fold(receiptLineDecider, [claimed, tillSale]).owner).toBe('receipt');
    const later = addLine({ quantity: 5, movementId: 'eeeeeeee-1111-4111-8111-111111111111' });
    const state = fold(receiptLineDecider, [claimed, lineAdded(firstLine), lineAdded(later)]);
    expect(state.lines.get(productId)).toEqual(firstLine.line);
  });
});
