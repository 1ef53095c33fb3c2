import { Breadcrumb, Space, Tag, Typography } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { PageResult } from '@/components/page-result';
import { isProblem } from '@/lib/api-error';
import { stageColours, stageLabel } from '@/lib/application-stage';
import { formatDateTime } from '@/lib/format';
import { useApplication } from '../api/get-application';
import { CaseChanges } from '../timeline/case-changes';
import type { Application } from '../application-model';
import { applicationStrings as t } from '../strings';

/** The `:applicationId` of a route, or null when it is no application reference. */
export function parseApplicationId(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function ApplicationNotFound() {
  return <PageResult status="404" title={t.notFoundTitle} description={t.notFoundDescription} action={t.backToDashboard} to={paths.dashboard()} />;
}

export function ApplicationLoadFailed({ onRetry }: { onRetry: () => void }) {
  return <PageResult status="error" title={t.loadFailedTitle} description={t.loadFailedDescription} action={t.retry} onAction={onRetry} />;
}

/** What an application page is given: the route's application, undefined while it loads. */
export interface ApplicationPageProps {
  applicationId: number;
  application: Application | undefined;
}

/**
 * The route of an application page: reads `:applicationId`, loads the application and shows
 * `page` with it; for no such application (or one the adviser may not see) the not-found panel,
 * and when it could not be loaded, a panel to try again.
 */
export function ApplicationRoute({ page }: { page: ComponentType<ApplicationPageProps> }) {
  const id = parseApplicationId(useParams().applicationId);
  if (id === null) return <ApplicationNotFound />;
  return <LoadedApplication applicationId={id} page={page} />;
}

function LoadedApplication({ applicationId, page: Page }: { applicationId: number; page: ComponentType<ApplicationPageProps> }) {
  const application = useApplication(applicationId);
  if (application.isError) {
    if (isProblem(application.error, 'not-found')) return <ApplicationNotFound />;
    return <ApplicationLoadFailed onRetry={() => void application.refetch()} />;
  }
  return <Page applicationId={applicationId} application={application.data} />;
}

interface ApplicationHeaderProps {
  applicationId: number;
  application: Application | undefined;
  heading: string;
  /** Beside the heading, e.g. the page's main action. */
  extra?: ReactNode;
}

/** Breadcrumb, the page's h1, and the application's reference, stage and last update. */
export function ApplicationHeader({ applicationId, application, heading, extra }: ApplicationHeaderProps) {
  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={paths.dashboard()}>{t.breadcrumbDashboard}</Link> },
          { title: t.applicationReference(applicationId) },
        ]}
      />
      <header className="page-header">
        <PageHeading>{heading}</PageHeading>
        {application && (
          <Space size="middle" wrap style={{ marginTop: 4 }}>
            <Typography.Text strong>{t.applicationReference(application.id)}</Typography.Text>
            <Tag color={stageColours[application.status]} bordered={false}>
              {application.applicationStatus || stageLabel(application.status)}
            </Tag>
            <Typography.Text type="secondary">{t.lastUpdated(formatDateTime(application.updatedAt))}</Typography.Text>
            <CaseChanges applicationId={application.id} />
            {extra}
          </Space>
        )}
      </header>
    </>
  );
}
