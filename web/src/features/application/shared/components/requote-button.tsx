import { Alert, Button, Flex, Popconfirm, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { isApiError } from '@/lib/api-error';
import { useRequote } from '../api/requote';
import { applicationStrings } from '../strings';

const t = applicationStrings.requote;

/**
 * §4 Requote: the decision removed (or the case taken back from the underwriter) and the quote
 * reopened, after the adviser confirms. Offered at the decision and while the case is with an
 * underwriter. Once the adviser has proceeded, set-up is the way on, so Requote stays possible
 * until the policies are in force but is offered quietly, as a change of mind (issue 32).
 */
export function RequoteButton({
  applicationId,
  withUnderwriter = false,
  afterProceed = false,
}: {
  applicationId: number;
  withUnderwriter?: boolean;
  afterProceed?: boolean;
}) {
  const requote = useRequote(applicationId);
  const navigate = useNavigate();
  return (
    <Flex vertical align="flex-start" gap="small" style={{ marginTop: 24 }}>
      {requote.isError && <Alert type="error" showIcon message={isApiError(requote.error) && requote.error.problem ? requote.error.problem.detail : t.failed} />}
      <Popconfirm
        title={t.confirmTitle}
        description={withUnderwriter ? t.confirmWithUnderwriter : t.confirmDescription}
        okText={t.confirm}
        cancelText={t.keep}
        onConfirm={() => requote.mutate(undefined, { onSuccess: (application) => void navigate(paths.quote(application.id)) })}
      >
        {afterProceed ? (
          <Typography.Text type="secondary">
            {t.afterProceed}{' '}
            <Button type="link" size="small" style={{ padding: 0 }} loading={requote.isPending}>
              {t.requote}
            </Button>
          </Typography.Text>
        ) : (
          <Button loading={requote.isPending}>{t.requote}</Button>
        )}
      </Popconfirm>
    </Flex>
  );
}
