import type { ContactInfoResponse } from '@shop/contracts';
import { renderReceiptDocument } from './receipt-document';
import type { Receipt } from './receipt-model';

/**
 * Opens the receipt in a new 600x800 window. Print and Close are wired from here rather than by
 * inline handlers, so they work even under a Content-Security-Policy the popup inherits.
 * Returns false when the browser blocked the window.
 */
export function printReceipt(receipt: Receipt, contact: ContactInfoResponse | null): boolean {
  const popup = window.open('', '_blank', 'width=600,height=800');
  if (!popup) return false;
  const { document } = popup;
  document.open();
  document.write(renderReceiptDocument(receipt, contact));
  document.close();
  document.getElementById('receipt-print')?.addEventListener('click', () => popup.print());
  document.getElementById('receipt-close')?.addEventListener('click', () => popup.close());
  popup.focus();
  return true;
}
