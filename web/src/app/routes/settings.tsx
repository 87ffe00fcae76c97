import { useSignedInUser } from '@/lib/session';
import { SettingsView } from '@/features/settings/components/settings-view';
import { PageHeader } from '../layout/page-header';

export function SettingsPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Settings" subtitle="Users, page access and contact details" />
      <SettingsView user={user} />
    </>
  );
}
