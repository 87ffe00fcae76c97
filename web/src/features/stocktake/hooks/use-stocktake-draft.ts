import { useCallback, useEffect, useState } from 'react';
import { ALL_CATEGORIES } from '@/utils/product-filters';

/** What a count sheet holds before it is posted: counts as typed (text), per product id. */
export type StocktakeDraft = { category: string; counts: Record<string, string>; notes: string };

export const emptyDraft: StocktakeDraft = { category: ALL_CATEGORIES, counts: {}, notes: '' };

/** No counts and no notes; the category stays chosen for the next count. */
const cleared = (current: StocktakeDraft): StocktakeDraft =>
  current.category === emptyDraft.category ? emptyDraft : { ...emptyDraft, category: current.category };

const storageKey = (userId: string) => `stocktake-draft:${userId}`;

function readDraft(userId: string): StocktakeDraft {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    if (!stored || typeof stored !== 'object') return emptyDraft;
    const { category, counts, notes } = stored as Partial<StocktakeDraft>;
    return {
      category: typeof category === 'string' ? category : ALL_CATEGORIES,
      counts:
        counts && typeof counts === 'object'
          ? Object.fromEntries(Object.entries(counts).filter(([, value]) => typeof value === 'string'))
          : {},
      notes: typeof notes === 'string' ? notes : '',
    };
  } catch {
    // A corrupt or unreadable draft is dropped rather than breaking the page.
    return emptyDraft;
  }
}

/**
 * The count sheet's draft, kept in localStorage per signed-in user so a reload (or a dropped
 * connection mid-count) loses nothing; cleared once the stocktake is posted.
 */
export function useStocktakeDraft(userId: string) {
  const [draft, setDraft] = useState<StocktakeDraft>(() => readDraft(userId));
  useEffect(() => {
    try {
      const blank = Object.values(draft.counts).every((count) => count === '') && draft.notes === '';
      if (blank) localStorage.removeItem(storageKey(userId));
      else localStorage.setItem(storageKey(userId), JSON.stringify(draft));
    } catch {
      // Storage full or disabled: the draft lives in memory only.
    }
  }, [draft, userId]);
  /** Drops the counts and notes; the category stays chosen for the next count. */
  const clear = useCallback(() => setDraft(cleared), []);
  /**
   * After a sheet is posted: drops the counts it posted. Counts typed on another category's sheet
   * were not posted and stay (with the notes, which they will need); with none left it is `clear`.
   */
  const clearPosted = useCallback(
    (productIds: readonly string[]) =>
      setDraft((current) => {
        const posted = new Set(productIds);
        const counts = Object.fromEntries(Object.entries(current.counts).filter(([id]) => !posted.has(id)));
        if (Object.values(counts).some((count) => count.trim() !== '')) return { ...current, counts };
        return cleared(current);
      }),
    [],
  );
  return { draft, setDraft, clear, clearPosted };
}
