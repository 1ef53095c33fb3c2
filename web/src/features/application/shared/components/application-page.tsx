import { Breadcrumb, Button, Result, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import type { Schemas } from '@/lib/api-client';
import { stageColours, stageLabel } from '@/lib/application-stage';
import { formatDateTime } from '@/lib/format';
import { applicationStrings as t } from '../strings';

/** The `:applicationId` of a route, or null when it is no application reference. */
export function parseApplicationId(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function ApplicationNotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<PageHeading>{t.notFoundTitle}</PageHeading>}
      subTitle={t.notFoundDescription}
      extra={
        <Button type="primary" onClick={() => void navigate(paths.dashboard())}>
          {t.backToDashboard}
        </Button>
      }
    />
  );
}

export function ApplicationLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={<PageHeading>{t.loadFailedTitle}</PageHeading>}
      subTitle={t.loadFailedDescription}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t.retry}
        </Button>
      }
    />
  );
}

interface ApplicationHeaderProps {
  applicationId: number;
  application: Schemas['Application'] | undefined;
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
            {extra}
          </Space>
        )}
      </header>
    </>
  );
}
