import type { ReactNode } from 'react';
import type { PageKey } from '@shop/contracts';
import { FullScreenLoader } from '@/components/feedback/full-screen-loader';
import { usePageAccess } from '@/lib/page-permissions';
import { AccessRestricted } from '../routes/access-restricted';

export function PageGuard({ page, children }: { page: PageKey; children: ReactNode }) {
  const { isLoading, canAccess } = usePageAccess();
  if (isLoading) return <FullScreenLoader label="Loading..." />;
  if (!canAccess(page)) return <AccessRestricted />;
  return children;
}
