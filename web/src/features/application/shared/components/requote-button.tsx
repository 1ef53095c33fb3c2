import { Alert, Button, Flex, Popconfirm } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { isApiError } from '@/lib/api-error';
import { useRequote } from '../api/requote';

const t = {
  requote: 'Requote',
  confirmTitle: 'Requote this application?',
  confirmDescription: 'The decision will be removed and the quote reopened for changes. The covers are decided again when you apply.',
  confirmWithUnderwriter: 'The case leaves the underwriter and the quote reopens for changes. Evidence still awaited is no longer asked for; a referred client is underwritten again when you apply.',
  confirm: 'Yes, requote',
  keep: 'Keep it as it is',
  failed: 'I’m sorry, there has been an error.',
} as const;

/**
 * §4 Requote: the decision removed (or the case taken back from the underwriter) and the quote
 * reopened, after the adviser confirms. Offered at the decision and while the case is with an
 * underwriter.
 */
export function RequoteButton({ applicationId, withUnderwriter = false }: { applicationId: number; withUnderwriter?: boolean }) {
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
        <Button loading={requote.isPending}>{t.requote}</Button>
      </Popconfirm>
    </Flex>
  );
}
