import { useNavigate } from 'react-router-dom';
import { MapPinOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/feedback/notice';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Notice
      testId="not-found"
      icon={MapPinOff}
      title="Page Not Found"
      message="The page you are looking for does not exist or has moved."
      action={<Button onClick={() => navigate(paths.dashboard)}>Go to Dashboard</Button>}
    />
  );
}
