import { Alert, Button, Card, Tag, Typography } from 'antd';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import type { Enquiry } from '@/components/interview/enquiry-model';
import { useSendToClient, useTakeBack } from '../api/private-answering';
import { underwritingStrings as t } from '../strings';

interface Props {
  applicationId: number;
  applicantId: string;
  client: string;
}

/** The offer to let the client answer privately in the client portal (issue 35), above an open interview. */
export function SendToClient({ applicationId, applicantId, client, email }: Props & { email: string | null }) {
  const send = useSendToClient(applicationId, applicantId);
  return (
    <Card size="small" style={{ marginBottom: 16 }} title={<h2 style={{ fontSize: 16, margin: 0 }}>{t.privately.offerHeading(client)}</h2>}>
      <Typography.Paragraph>{t.privately.why}</Typography.Paragraph>
      <Typography.Paragraph>{email ? t.privately.where(client, email, applicationId) : t.privately.noEmail(client)}</Typography.Paragraph>
      {send.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={isApiError(send.error) ? send.error.message : t.privately.sendFailed} />
      )}
      <Button disabled={!email} loading={send.isPending} onClick={() => send.mutate()}>
        {t.privately.send}
      </Button>
    </Card>
  );
}

/** While the client is answering: where they find it, each section answered or not, and Take back. */
export function WithClient({ applicationId, applicantId, client, enquiry }: Props & { enquiry: Enquiry }) {
  const takeBack = useTakeBack(applicationId, applicantId);
  const answering = enquiry.clientAnswering;
  if (!answering) return null;
  return (
    <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t.privately.withClientHeading(client)}</h2>}>
      <Typography.Paragraph>{t.privately.sentTo(answering.email, formatDate(answering.sentAt), answering.sentBy)}</Typography.Paragraph>
      <Typography.Paragraph>{t.privately.findIt(client, applicationId)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t.privately.hidden(client)}</Typography.Paragraph>
      <Typography.Title level={3} style={{ fontSize: 16 }} id={`private-progress-${applicantId}`}>
        {t.privately.progressHeading}
      </Typography.Title>
      <ul className="private-progress" aria-labelledby={`private-progress-${applicantId}`} style={{ listStyle: 'none', padding: 0, margin: '0 0 16px' }}>
        {answering.sections.map((section) => (
          <li key={section.id} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '6px 0', borderBottom: '1px solid #f0f0f0' }}>
            <span>{section.name}</span>
            <Tag color={section.isAnswered ? 'green' : 'default'} bordered={false} style={{ marginInlineEnd: 0 }}>
              {section.isAnswered ? t.privately.answered : t.privately.toAnswer}
            </Tag>
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary">{t.privately.takeBackHelp(client)}</Typography.Paragraph>
      {takeBack.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={isApiError(takeBack.error) ? takeBack.error.message : t.privately.takeBackFailed} />
      )}
      <Button danger loading={takeBack.isPending} onClick={() => takeBack.mutate()}>
        {t.privately.takeBack}
      </Button>
    </Card>
  );
}

/** Once the client has submitted: said above their answers, which the adviser now sees. */
export function SubmittedByClient({ client, enquiry }: { client: string; enquiry: Enquiry }) {
  const submittedAt = enquiry.clientAnswering?.submittedAt;
  if (!submittedAt) return null;
  return <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t.privately.submitted(client, formatDate(submittedAt))} />;
}
