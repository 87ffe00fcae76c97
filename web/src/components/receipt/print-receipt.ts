import type { ContactInfoResponse } from '@shop/contracts';
import { renderReceiptDocument } from './receipt-document';
import type { Receipt } from './receipt-model';

/**
 * Opens the 600x800 receipt window at once, while the click still counts as the user's (a window
 * opened after an awaited request would be blocked); null when the browser blocked it.
 */
export const openReceiptWindow = (): Window | null => window.open('', '_blank', 'width=600,height=800');

/**
 * Writes the receipt into its window. Print and Close are wired from here rather than by inline
 * handlers, so they work even under a Content-Security-Policy the popup inherits.
 */
export function printReceipt(popup: Window, receipt: Receipt, contact: ContactInfoResponse | null): void {
  const { document } = popup;
  document.open();
  document.write(renderReceiptDocument(receipt, contact));
  document.close();
  document.getElementById('receipt-print')?.addEventListener('click', () => popup.print());
  document.getElementById('receipt-close')?.addEventListener('click', () => popup.close());
  popup.focus();
}
