import type { ContactInfoResponse } from '@shop/contracts';
import { STORE_NAME, STORE_TAGLINE } from '@/config/store';
import { formatDateTime, formatMoney } from '@/utils/format';
import { formatPercentOneDecimal } from '@shop/contracts';
import type { Receipt } from './receipt-model';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const styles = `
  * { box-sizing: border-box; }
  body { margin: 0; padding: 24px; font-family: ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #0f172a; background: #fff; }
  .receipt { max-width: 520px; margin: 0 auto; }
  header { text-align: center; border-bottom: 1px dashed #94a3b8; padding-bottom: 12px; margin-bottom: 12px; }
  h1 { margin: 0; font-size: 22px; color: #be123c; }
  .tagline, .contact { margin: 2px 0; font-size: 12px; color: #475569; }
  .meta { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; font-size: 13px; margin-bottom: 12px; }
  .meta dt { color: #64748b; } .meta dd { margin: 0; text-align: right; word-break: break-all; }
  table { width: 100%; border-collapse: collapse; font-size: 13px; }
  th { text-align: left; border-bottom: 1px solid #cbd5e1; padding: 6px 4px; font-weight: 600; color: #334155; }
  td { padding: 6px 4px; border-bottom: 1px solid #f1f5f9; vertical-align: top; }
  .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
  /* Amounts side by side (Unit price, Total) never touch, even on a 600 px window with large sums. */
  th.num, td.num { padding-left: 16px; }
  th:first-child, td:first-child { padding-left: 0; }
  th:last-child, td:last-child { padding-right: 0; }
  .totals { margin-top: 12px; font-size: 14px; }
  .totals div { display: flex; justify-content: space-between; padding: 3px 0; }
  .totals .grand { border-top: 1px dashed #94a3b8; margin-top: 4px; padding-top: 8px; font-size: 17px; font-weight: 700; }
  .reversed { color: #b91c1c; font-weight: 600; }
  .reversal-notice { border: 1px solid #fecaca; background: #fef2f2; color: #991b1b; border-radius: 8px; padding: 8px 10px; font-size: 13px; margin: 0 0 12px; }
  footer { text-align: center; margin-top: 20px; font-size: 13px; color: #475569; }
  .actions { display: flex; gap: 8px; justify-content: center; margin-top: 20px; }
  button { font: inherit; font-size: 14px; padding: 8px 18px; border-radius: 8px; border: 1px solid #cbd5e1; background: #fff; cursor: pointer; }
  button.primary { background: #e11d48; border-color: #e11d48; color: #fff; }
  @media print { .actions { display: none; } body { padding: 0; } }
`;

/** A self-contained receipt page (inline styles, no scripts: the opener wires Print and Close). */
export function renderReceiptDocument(receipt: Receipt, contact: ContactInfoResponse | null): string {
  const money = (amount: string) => escapeHtml(formatMoney(amount));
  const rows = receipt.lines
    .map(
      (line) => `<tr data-testid="receipt-line">
        <td data-testid="receipt-line-product">${escapeHtml(line.productName)}${line.reversed ? ' <span class="reversed" data-testid="receipt-line-reversed">(reversed)</span>' : ''}</td>
        <td class="num" data-testid="receipt-line-quantity">${line.quantity}</td>
        <td class="num" data-testid="receipt-line-unit-price">${money(line.unitPrice)}</td>
        <td class="num" data-testid="receipt-line-total">${money(line.lineTotal)}</td>
      </tr>`,
    )
    .join('');
  const contactBlock = contact
    ? `<div data-testid="receipt-contact">
        <p class="contact">${escapeHtml(contact.address)}</p>
        <p class="contact">Tel: ${escapeHtml(contact.phone)} · WhatsApp: ${escapeHtml(contact.whatsapp)}</p>
        <p class="contact">${escapeHtml(contact.email)}</p>
      </div>`
    : '';
  const payment = receipt.paymentMethod
    ? `<dt>Payment</dt><dd data-testid="receipt-payment-method">${escapeHtml(receipt.paymentMethod)}</dd>`
    : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Receipt ${escapeHtml(receipt.saleId)} · ${escapeHtml(STORE_NAME)}</title>
<style>${styles}</style>
</head>
<body>
<main class="receipt" data-testid="receipt">
  <header>
    <h1 data-testid="receipt-store-name">${escapeHtml(STORE_NAME)}</h1>
    <p class="tagline">${escapeHtml(STORE_TAGLINE)}</p>
    ${contactBlock}
  </header>
  <dl class="meta">
    <dt>Sale</dt><dd data-testid="receipt-sale-id">${escapeHtml(receipt.saleId)}</dd>
    <dt>Date</dt><dd data-testid="receipt-date">${escapeHtml(formatDateTime(receipt.createdAt))}</dd>
    <dt>Seller</dt><dd data-testid="receipt-seller">${escapeHtml(receipt.sellerName)}</dd>
    ${payment}
  </dl>
  ${
    receipt.reversedLines > 0
      ? `<p class="reversal-notice" data-testid="receipt-reversed">${
          receipt.reversedLines === receipt.lines.length
            ? 'This sale has been reversed.'
            : `${receipt.reversedLines} of ${receipt.lines.length} lines of this sale have been reversed.`
        } The receipt shows the sale as it was made.</p>`
      : ''
  }
  <table>
    <thead><tr><th>Product</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Total</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
  <section class="totals">
    <div><span>Subtotal</span><span class="num" data-testid="receipt-subtotal">${money(receipt.subtotal)}</span></div>
    <div data-testid="receipt-discount"><span>Discount (${formatPercentOneDecimal(receipt.discountPercentage)}%)</span><span class="num" data-testid="receipt-discount-amount">-${money(receipt.discountAmount)}</span></div>
    <div class="grand"><span>Total</span><span class="num" data-testid="receipt-total">${money(receipt.total)}</span></div>
  </section>
  <footer data-testid="receipt-footer">Thank you for shopping with us!</footer>
  <div class="actions">
    <button type="button" class="primary" id="receipt-print" data-testid="receipt-print">Print</button>
    <button type="button" id="receipt-close" data-testid="receipt-close">Close</button>
  </div>
</main>
</body>
</html>`;
}
