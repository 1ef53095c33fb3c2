import { Alert, List, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { formatDate } from '@/lib/format';
import { useWaitingInterviews } from './api';
import { healthQuestionsStrings as s } from './strings';

const t = s.entry;

/** On the client's home: the health questions sent to them, each linking to its page; nothing when none. */
export function HealthQuestionsEntry() {
  const waiting = useWaitingInterviews();
  if (waiting.isError) return <Alert type="error" showIcon style={{ marginTop: 24 }} message={t.loadFailed} />;
  const interviews = waiting.data?.interviews ?? [];
  if (interviews.length === 0) return null;
  return (
    <section aria-labelledby="health-questions-heading" className="health-questions-entry" style={{ marginTop: 24 }}>
      <Typography.Title level={2} id="health-questions-heading" style={{ fontSize: 20 }}>
        {t.heading}
      </Typography.Title>
      <Typography.Paragraph>{t.intro}</Typography.Paragraph>
      <List
        bordered
        dataSource={interviews}
        renderItem={(item) => {
          const answered = item.sections.filter((section) => section.isAnswered).length;
          return (
            <List.Item>
              <List.Item.Meta
                title={
                  <Link to={paths.clientHealthQuestions(item.applicantId)}>
                    {item.isWithClient || !item.submittedAt ? t.waiting(item.clientName) : t.submitted(item.clientName, formatDate(item.submittedAt))}
                  </Link>
                }
                description={
                  <>
                    {t.sentBy(item.sentBy, formatDate(item.sentAt))}
                    {item.isWithClient && ` · ${t.progress(answered, item.sections.length)}`}
                  </>
                }
              />
            </List.Item>
          );
        }}
      />
    </section>
  );
}
