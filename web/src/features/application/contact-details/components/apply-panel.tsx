import { Alert, Button, Flex, Result, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import type { ApplyProblem } from '../contact-form-model';
import type { Application } from '../../shared/application-model';
import { applicationStrings } from '../../shared/strings';

const t = applicationStrings.contact.apply;

interface ApplyPanelProps {
  application: Application;
  /** Every problem the last attempt named. */
  problems: readonly ApplyProblem[];
  /** Why the last attempt failed, when it was not a list of problems. */
  failure: string | null;
  applying: boolean;
  /** The application was submitted just now (focus moves to the confirmation). */
  justApplied: boolean;
  onApply: () => void;
}

/** "Apply": submits the application, lists everything still missing, or confirms it was submitted. */
export function ApplyPanel({ application, problems, failure, applying, justApplied, onApply }: ApplyPanelProps) {
  const navigate = useNavigate();
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (justApplied) titleRef.current?.focus();
  }, [justApplied]);

  if (application.status === 'APPLY') {
    return (
      <Result
        status="success"
        className="apply-result"
        title={
          <h2 ref={titleRef} tabIndex={-1} className="apply-result__title">
            {t.submittedTitle}
          </h2>
        }
        subTitle={t.submitted(applicationStrings.applicationReference(application.id))}
        extra={
          <Button type="primary" onClick={() => void navigate(paths.dashboard())}>
            {t.backToDashboard}
          </Button>
        }
      />
    );
  }

  return (
    <div className="apply-panel">
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t.problemTitle}
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {problems.map((problem) => (
                <li key={`${String(problem.client)}-${problem.field}-${problem.message}`}>{problem.text}</li>
              ))}
            </ul>
          }
        />
      )}
      {failure && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={failure} />}
      <Flex justify="flex-end" align="center" gap="middle" wrap>
        <Typography.Text type="secondary">{t.help}</Typography.Text>
        <Button type="primary" size="large" loading={applying} onClick={onApply}>
          {t.apply}
        </Button>
      </Flex>
    </div>
  );
}
