import { Store, UserX } from 'lucide-react';
import { Notice } from '@/components/feedback/notice';
import { STORE_NAME } from '@/config/store';

/** /store: the public customer store is not open. */
export function StoreClosedPage() {
  return (
    <Notice
      fullScreen
      testId="store-closed"
      icon={Store}
      tone="warning"
      title="Store Temporarily Closed"
      message={`The ${STORE_NAME} online store is closed for now. Please check back soon or visit us in store.`}
    />
  );
}

/** /customer-profile: customer accounts are not available. */
export function CustomerProfileUnavailablePage() {
  return (
    <Notice
      fullScreen
      testId="customer-profile-unavailable"
      icon={UserX}
      tone="warning"
      title="Customer Profile Unavailable"
      message="Customer profiles cannot be viewed at the moment. Please try again later."
    />
  );
}
