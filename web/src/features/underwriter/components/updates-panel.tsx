import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { UpdatesTable } from '@/components/updates-table';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { usePostUpdate } from '../api/workbench';
import { caseStrings } from '../strings';

const t = caseStrings.updates;

/** The case's underwriting updates (what the adviser reads), and a box to post one. */
export function UpdatesPanel({ applicationId, updates, canPost }: { applicationId: number; updates: Schemas['UnderwritingUpdate'][]; canPost: boolean }) {
  const post = usePostUpdate(applicationId);
  const [text, setText] = useState('');
  return (
    <section className="panel" aria-labelledby="updates-heading">
      <Typography.Title level={2} id="updates-heading" style={{ fontSize: 20 }}>
        {t.heading}
      </Typography.Title>
      {updates.length === 0 ? (
        <Typography.Paragraph type="secondary">{t.none}</Typography.Paragraph>
      ) : (
        <UpdatesTable updates={updates} />
      )}
      {canPost && (
        <Form
          layout="vertical"
          style={{ marginTop: 16, maxWidth: 720 }}
          onFinish={() => post.mutate(text, { onSuccess: () => setText('') })}
        >
          <Form.Item label={t.label} htmlFor="underwriting-update" extra={t.help}>
            <Input.TextArea id="underwriting-update" rows={3} maxLength={2000} showCount value={text} onChange={(event) => setText(event.target.value)} />
          </Form.Item>
          {post.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={isApiError(post.error) ? post.error.message : t.failed} />}
          <Button htmlType="submit" loading={post.isPending} disabled={text.trim() === ''}>
            {t.submit}
          </Button>
        </Form>
      )}
    </section>
  );
}
