import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { paths } from './paths';
import { appStrings } from './strings';

export function NotFoundRoute() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<PageHeading>{appStrings.notFoundTitle}</PageHeading>}
      subTitle={appStrings.notFoundDescription}
      extra={
        <Button type="primary" onClick={() => void navigate(paths.dashboard())}>
          {appStrings.goToDashboard}
        </Button>
      }
    />
  );
}
