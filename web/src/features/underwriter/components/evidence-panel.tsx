import { Alert, Button, DatePicker, Form, Input, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { FormSelect } from '@/components/form-select';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useEvidenceDocument, useReceiveEvidence, useRequestEvidence } from '../api/workbench';
import { caseStrings } from '../strings';
import { TableScroll } from '@/components/table-scroll';

const t = caseStrings.evidence;

type EvidenceRequest = Schemas['EvidenceRequest'];

const statusColours: Record<Schemas['EvidenceStatus'], string> = {
  requested: 'gold',
  held: 'blue',
  received: 'green',
  withdrawn: 'default',
};

/**
 * One client's evidence: what was asked for, when it is expected, each chase, the document once
 * received (held while the client sees it first); and, for the underwriter holding the case, a
 * form to ask for more and a way to record each request received with its PDF.
 */
export function EvidencePanel({ applicationId, applicantId, evidence, kinds, canAct }: {
  applicationId: number;
  applicantId: string;
  evidence: EvidenceRequest[];
  kinds: Schemas['EvidenceSettings'][];
  canAct: boolean;
}) {
  const headingId = useId();
  const mine = evidence.filter((e) => e.applicantId === applicantId);
  const download = useEvidenceDocument(applicationId);
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 18 }}>
        {t.heading}
      </Typography.Title>
      {mine.length === 0 ? (
        <Typography.Paragraph type="secondary">{t.none}</Typography.Paragraph>
      ) : (
        <TableScroll className="data-table" labelledBy={headingId}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t.columns.evidence}</th>
                <th scope="col" style={{ width: 170 }}>{t.columns.status}</th>
                <th scope="col">{t.columns.dates}</th>
                <th scope="col">{t.columns.document}</th>
              </tr>
            </thead>
            <tbody>
              {mine.map((request) => (
                <tr key={request.id}>
                  <td>
                    {request.label}
                    <span className="data-table__secondary data-table__block">{request.provider}</span>
                  </td>
                  <td>
                    <Tag color={statusColours[request.status]} bordered={false}>
                      {t.statuses[request.status]}
                    </Tag>
                  </td>
                  <td>
                    <EvidenceDates request={request} />
                  </td>
                  <td>
                    {request.received && request.status === 'received' && (
                      <Button
                        size="small"
                        loading={download.isPending}
                        onClick={() => download.mutate({ evidenceId: request.id, fileName: request.received?.document.fileName ?? 'evidence.pdf' })}
                      >
                        {t.download} {request.received.document.fileName}
                      </Button>
                    )}
                    {request.status === 'requested' && canAct && <ReceiveForm applicationId={applicationId} request={request} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {download.isError && <Alert type="error" showIcon style={{ marginTop: 8 }} message={isApiError(download.error) ? download.error.message : t.downloadFailed} />}
      {canAct && <AskForm applicationId={applicationId} applicantId={applicantId} kinds={kinds} />}
    </section>
  );
}

function EvidenceDates({ request }: { request: EvidenceRequest }) {
  const lines = [t.requested(formatDate(request.requestedAt), request.requestedBy.name)];
  if (request.status === 'requested') {
    lines.push(t.expectedBy(formatDate(request.expectedBy)));
    if (request.chases.length > 0) lines.push(`${t.chased(request.chases.length)}, ${t.firstExpected(formatDate(request.firstExpectedBy))}`);
  }
  if (request.received) lines.push(t.received(formatDate(request.received.at)));
  if (request.status === 'held' && request.received?.heldUntil) lines.push(t.heldUntil(formatDate(request.received.heldUntil)));
  if (request.status === 'withdrawn' && request.withdrawnBecause) lines.push(t.withdrawn(request.withdrawnBecause));
  return (
    <>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </>
  );
}

/** The request's document, chosen as a file and sent as received. */
function ReceiveForm({ applicationId, request }: { applicationId: number; request: EvidenceRequest }) {
  const receive = useReceiveEvidence(applicationId);
  const [file, setFile] = useState<File | null>(null);
  const inputId = useId();
  return (
    <Space direction="vertical" size="small">
      <label htmlFor={inputId}>{t.upload(request.label)}</label>
      <input id={inputId} type="file" accept="application/pdf,.pdf" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      <Button size="small" type="primary" disabled={!file} loading={receive.isPending} onClick={() => file && receive.mutate({ evidenceId: request.id, file })}>
        {t.uploadButton}
      </Button>
      {receive.isError && <Alert type="error" showIcon message={isApiError(receive.error) ? receive.error.message : t.uploadFailed} />}
    </Space>
  );
}

interface AskFields {
  kind?: Schemas['EvidenceKind'];
  expectedBy?: Dayjs | null;
  provider?: string;
}

/** Asks for evidence about the client, with the kind's default date and provider shown. */
function AskForm({ applicationId, applicantId, kinds }: { applicationId: number; applicantId: string; kinds: Schemas['EvidenceSettings'][] }) {
  const [form] = Form.useForm<AskFields>();
  const ask = useRequestEvidence(applicationId);
  const kind = Form.useWatch('kind', form);
  const settings = kinds.find((k) => k.kind === kind);
  const headingId = useId();
  const submit = (fields: AskFields) => {
    if (!fields.kind) return;
    ask.mutate(
      {
        applicantId,
        kind: fields.kind,
        expectedBy: fields.expectedBy ? fields.expectedBy.format('YYYY-MM-DD') : null,
        provider: fields.provider?.trim() ? fields.provider.trim() : null,
      },
      { onSuccess: () => form.resetFields() },
    );
  };
  return (
    <section aria-labelledby={headingId} style={{ marginTop: 16 }}>
      <Typography.Title level={4} id={headingId} style={{ fontSize: 16 }}>
        {t.ask.heading}
      </Typography.Title>
      <Form<AskFields> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 640 }}>
        <Form.Item name="kind" label={t.ask.kind} rules={[{ required: true, message: t.ask.kind }]} extra={settings?.medicalReport ? t.ask.needsConsent : undefined}>
          <FormSelect<Schemas['EvidenceKind']> options={kinds.map((k) => ({ value: k.kind, label: k.label }))} />
        </Form.Item>
        <Form.Item name="expectedBy" label={t.ask.expectedBy} extra={settings ? t.ask.expectedByHelp(settings.expectedWithinDays) : undefined}>
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item name="provider" label={t.ask.provider} extra={settings ? t.ask.providerHelp(settings.provider ?? t.ask.clientsDoctor) : undefined}>
          <Input maxLength={100} />
        </Form.Item>
        {ask.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={isApiError(ask.error) ? ask.error.message : t.ask.failed} />}
        <Button htmlType="submit" loading={ask.isPending}>
          {t.ask.submit}
        </Button>
      </Form>
    </section>
  );
}
