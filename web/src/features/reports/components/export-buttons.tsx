import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Downloads as a link with `download` would: the browser sends the session cookie, takes the file name
 * from the server's Content-Disposition (inventory-report-YYYY-MM-DD.csv /
 * transactions-report-YYYY-MM-DD.csv), and a failed answer never navigates away from the page.
 */
export function downloadFrom(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The spec's export buttons: buttons to assistive technology too, not links styled as buttons. */
/** `rangeInvalid`: From is after To, so there is no range to export (the page says why). */
export function ExportButtons({ from, to, rangeInvalid }: { from: string; to: string; rangeInvalid: boolean }) {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button
        variant="outline"
        onClick={() => downloadFrom('/api/reports/inventory.csv')}
        data-testid="export-inventory"
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        Export Inventory
      </Button>
      <Button
        variant="outline"
        onClick={() => downloadFrom(`/api/reports/transactions.csv?${params.toString()}`)}
        disabled={rangeInvalid}
        aria-describedby={rangeInvalid ? 'report-range-error' : undefined}
        data-testid="export-transactions"
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        Export Transactions
      </Button>
    </div>
  );
}

/** The stock as of a past instant, as the inventory CSV of that instant (its file named for that day). */
export function ExportAsOfButton({ asOf }: { asOf: string }) {
  return (
    <Button
      variant="outline"
      onClick={() => downloadFrom(`/api/reports/inventory.csv?${new URLSearchParams({ asOf }).toString()}`)}
      data-testid="export-as-of-inventory"
    >
      <Download className="h-4 w-4" aria-hidden="true" />
      Export this stock
    </Button>
  );
}
