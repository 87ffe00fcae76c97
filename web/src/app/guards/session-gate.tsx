import { FullScreenLoader } from '@/components/feedback/full-screen-loader';
import { useSession } from '@/lib/session';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { QueuedSalesNotice } from '@/features/sales/components/queued-sales-notice';
import { AppShell } from '../layout/app-shell';

/** Spec section 2: loading screen, then sign-in when nobody is signed in, else the shell. */
export function SessionGate() {
  const { user, isLoading } = useSession();
  if (isLoading) return <FullScreenLoader />;
  if (!user)
    return (
      <>
        <QueuedSalesNotice />
        <SignInScreen />
      </>
    );
  return <AppShell />;
}
