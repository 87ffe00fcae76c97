import { useNavigate } from 'react-router-dom';
import { ShieldX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/feedback/notice';
import { paths } from '@/config/paths';

export function AccessRestricted() {
  const navigate = useNavigate();
  return (
    <Notice
      testId="access-restricted"
      icon={ShieldX}
      tone="danger"
      title="Access Restricted"
      message="You don't have permission to access this page. Contact your manager if you need access."
      action={<Button onClick={() => navigate(paths.dashboard)}>Return to Dashboard</Button>}
    />
  );
}
