import type { Sale } from '@shop/contracts';
import { ApiError, apiFetch } from '@/lib/api-client';

/**
 * GET /api/sales/{saleId}: a till sale as recorded, with its stored payment method. Null for a
 * receipt whose lines were posted one by one (POST /api/transactions): no sale was recorded for it.
 */
export async function getSale(saleId: string): Promise<Sale | null> {
  try {
    return await apiFetch<Sale>(`/api/sales/${encodeURIComponent(saleId)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
