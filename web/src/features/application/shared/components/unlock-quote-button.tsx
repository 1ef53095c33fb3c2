import { UnlockOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Popconfirm } from 'antd';
import { isApiError } from '@/lib/api-error';
import { useMessage } from '@/components/feedback';
import { useUnlockQuoteEdit } from '../api/unlock-quote-edit';
import type { Application } from '../application-model';
import { applicationStrings } from '../strings';

const t = applicationStrings.unlock;

/**
 * §4 "Quote editing can be unlocked" (docs/decisions.md HB1): shown only where the server says
 * the quote may be unlocked (`canUnlockQuoteEdit`), after the adviser confirms what it means.
 * The page then reads the answer and becomes editable.
 */
export function UnlockQuoteButton({ application }: { application: Application }) {
  const unlock = useUnlockQuoteEdit(application.id);
  const message = useMessage();
  if (!application.canUnlockQuoteEdit) return null;
  return (
    <Flex vertical align="flex-start" gap="small" className="unlock-quote">
      {unlock.isError && <Alert type="error" showIcon message={isApiError(unlock.error) && unlock.error.problem ? unlock.error.problem.detail : t.failed} />}
      <Popconfirm
        title={t.confirmTitle}
        description={t.confirmDescription}
        okText={t.confirm}
        cancelText={t.keep}
        onConfirm={() => unlock.mutate(undefined, { onSuccess: () => void message.success(t.unlocked) })}
      >
        <Button icon={<UnlockOutlined aria-hidden="true" />} loading={unlock.isPending}>
          {t.unlock}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
