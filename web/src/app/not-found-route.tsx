import { useNavigate } from 'react-router';
import { PageResult } from '@/components/page-result';
import { paths } from './paths';
import { appStrings } from './strings';

export function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <PageResult
      status="404"
      title={appStrings.notFoundTitle}
      description={appStrings.notFoundDescription}
      action={appStrings.goToDashboard}
      onAction={() => void navigate(paths.dashboard())}
    />
  );
}
