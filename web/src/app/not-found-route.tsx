import { PageResult } from '@/components/page-result';
import { paths } from './paths';
import { appStrings } from './strings';

export function NotFoundRoute() {
  return <PageResult status="404" title={appStrings.notFoundTitle} description={appStrings.notFoundDescription} action={appStrings.goToDashboard} to={paths.dashboard()} />;
}
