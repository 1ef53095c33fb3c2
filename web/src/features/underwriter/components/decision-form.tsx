import { Alert, Button, Form, Input, InputNumber, Radio, Typography } from 'antd';
import { useId } from 'react';
import { LabelledRadioGroup } from '@/components/labelled-radio-group';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { useDecide } from '../api/workbench';
import { caseStrings } from '../strings';

const t = caseStrings.decision;

type Decision = Schemas['ManualDecision'];

interface Fields {
  decision?: Decision;
  loadingPercent?: number | null;
  exclusion?: string;
  postponeMonths?: number | null;
  reason?: string;
}

const kinds: Decision[] = ['standardterms', 'loading', 'exclusion', 'postponed', 'declined'];

const fieldNames: readonly string[] = ['decision', 'loadingPercent', 'exclusion', 'postponeMonths', 'reason'];

/** Whether the server named one of this form's fields. */
function isField(name: string): boolean {
  return fieldNames.includes(name);
}

/**
 * The underwriter's decision on one referred cover: standard terms, a loading, an exclusion,
 * postponement or decline, with a reason the adviser reads. The server checks it (a loading
 * within the rulebook's limits, an exclusion's wording, a reason) and names each field at fault.
 */
export function DecisionForm({ applicationId, applicantId, coverId, cover, maxLoading, maxMonths }: {
  applicationId: number;
  applicantId: string;
  coverId: string;
  /** "Alan Turing: Life Protection". */
  cover: string;
  maxLoading: number;
  maxMonths: number;
}) {
  const [form] = Form.useForm<Fields>();
  const decide = useDecide(applicationId);
  const decision = Form.useWatch('decision', form);
  const headingId = useId();
  const labelId = useId();
  const loads = decision === 'loading' || decision === 'exclusion';
  const submit = (fields: Fields) => {
    if (!fields.decision) return;
    decide.mutate(
      {
        applicantId,
        coverId,
        decision: fields.decision,
        loadingPercent: loads ? (fields.loadingPercent ?? null) : null,
        exclusion: loads ? (fields.exclusion ?? null) : null,
        postponeMonths: fields.decision === 'postponed' ? (fields.postponeMonths ?? null) : null,
        reason: fields.reason ?? null,
      },
      {
        onError: (error) => {
          if (!isApiError(error)) return;
          form.setFields(error.fieldErrors.filter((e) => isField(e.field)).map((e) => ({ name: e.field as keyof Fields, errors: [e.message] })));
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="decision-form">
      <Typography.Title level={4} id={headingId} style={{ fontSize: 16 }}>
        {t.heading(cover)}
      </Typography.Title>
      {/* No terms chosen to begin with (issue 50): the underwriter picks each decision. */}
      <Form<Fields> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 640 }}>
        <Form.Item name="decision" label={<span id={labelId}>{t.decision}</span>} rules={[{ required: true, message: t.chooseDecision }]}>
          <LabelledRadioGroup labelledBy={labelId}>
            {kinds.map((kind) => (
              <Radio key={kind} value={kind}>
                {t.kinds[kind]}
              </Radio>
            ))}
          </LabelledRadioGroup>
        </Form.Item>
        {loads && (
          <Form.Item name="loadingPercent" label={t.loading} extra={t.loadingHelp(maxLoading)} rules={decision === 'loading' ? [{ required: true, message: t.loadingHelp(maxLoading) }] : []}>
            <InputNumber min={1} max={maxLoading} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        {loads && (
          <Form.Item name="exclusion" label={t.exclusion} extra={t.exclusionHelp} rules={decision === 'exclusion' ? [{ required: true, whitespace: true, message: t.exclusionHelp }] : []}>
            <Input maxLength={300} />
          </Form.Item>
        )}
        {decision === 'postponed' && (
          <Form.Item name="postponeMonths" label={t.months} extra={t.monthsHelp(maxMonths)} rules={[{ required: true, message: t.monthsHelp(maxMonths) }]}>
            <InputNumber min={1} max={maxMonths} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item name="reason" label={t.reason} extra={t.reasonHelp} rules={[{ required: true, whitespace: true, message: t.reasonHelp }]}>
          <Input.TextArea rows={2} maxLength={1000} showCount />
        </Form.Item>
        {decide.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={isApiError(decide.error) ? decide.error.message : t.failed} />}
        <Button type="primary" htmlType="submit" loading={decide.isPending}>
          {t.submit}
        </Button>
      </Form>
    </section>
  );
}
