import { Printer, ReceiptText } from 'lucide-react';
import type { ContactInfoResponse, Sale } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { buildReceipt } from '@/components/receipt/receipt-model';
import { openReceiptWindow, printReceipt } from '@/components/receipt/print-receipt';
import { toastError } from '@/components/toast/use-toast';
import { formatMoney } from '@/utils/format';

/**
 * The sale the till just recorded, with its receipt one click away: the server's answer holds every
 * line as sold, so printing needs no other page (a till-only assistant has no Transactions page).
 */
export function LastSaleReceipt({ sale, contact }: { sale: Sale; contact: ContactInfoResponse | null }) {
  const print = () => {
    const popup = openReceiptWindow();
    if (!popup) {
      toastError('The receipt window was blocked. Allow pop-ups for this site and try again.');
      return;
    }
    printReceipt(popup, buildReceipt(sale.saleId, sale.lines, sale), contact);
  };
  return (
    <section
      aria-label="Last sale"
      data-testid="till-last-sale"
      data-sale-id={sale.saleId}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-950"
    >
      <ReceiptText className="h-5 w-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Last sale: <span className="font-medium tabular-nums">{formatMoney(sale.totalValue)}</span>, {sale.lines.length}{' '}
        item(s) · <span className="break-all font-mono text-xs">{sale.saleId}</span>
      </p>
      <Button size="sm" variant="outline" onClick={print} data-testid="till-print-last-receipt">
        <Printer className="h-4 w-4" aria-hidden="true" />
        Print receipt
      </Button>
    </section>
  );
}
