import { Download } from 'lucide-react';
import { cn } from '@/utils/cn';

const linkClass = cn(
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium',
  'text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-slate-400 focus-visible:outline-none',
);

/**
 * Plain links with `download`: the browser sends the session cookie and takes the file name from the
 * server's Content-Disposition (inventory-report-YYYY-MM-DD.csv / transactions-report-YYYY-MM-DD.csv).
 */
export function ExportButtons({ from, to }: { from: string; to: string }) {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <a href="/api/reports/inventory.csv" download className={linkClass} data-testid="export-inventory">
        <Download className="h-4 w-4" aria-hidden="true" />
        Export Inventory
      </a>
      <a
        href={`/api/reports/transactions.csv?${params.toString()}`}
        download
        className={linkClass}
        data-testid="export-transactions"
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        Export Transactions
      </a>
    </div>
  );
}
