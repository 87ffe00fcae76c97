import { useLocation } from 'react-router-dom';
import { useTillQueue } from '../hooks/use-till-queue';

/**
 * Shell-wide: keeps sending the till's queued sales whatever page is open, and tells every page but
 * the till that it needs the connection while there is none.
 */
export function ConnectionBanner({ tillPath }: { tillPath: string }) {
  const { online, waiting } = useTillQueue();
  const { pathname } = useLocation();
  if (online || pathname === tillPath) return null;
  return (
    <p
      role="status"
      data-testid="offline-banner"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      You are offline. This page needs the connection; the Sales Till keeps selling offline
      {waiting > 0 ? ` (${waiting} ${waiting === 1 ? 'sale' : 'sales'} waiting to sync)` : ''}.
    </p>
  );
}
