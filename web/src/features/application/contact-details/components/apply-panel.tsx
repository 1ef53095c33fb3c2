import { Alert, Button, Flex, Result, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { ProblemLink, ProblemSummary } from '@/components/problem-summary';
import { problemFieldId, type ApplyProblem } from '../contact-form-model';
import type { Application } from '../../shared/application-model';
import { applicationStrings } from '../../shared/strings';
import { contactDetailsStrings } from '../strings';

const t = contactDetailsStrings.apply;

interface ApplyPanelProps {
  application: Application;
  /** Every problem the last attempt named. */
  problems: readonly ApplyProblem[];
  /** When the last refused attempt was made: each new one moves focus to the list of problems. */
  refusedAt: number | undefined;
  /** Why the last attempt failed, when it was not a list of problems. */
  failure: string | null;
  applying: boolean;
  /** The application was submitted just now (focus moves to the confirmation). */
  justApplied: boolean;
  onApply: () => void;
}

/**
 * "Apply": submits the application, lists everything still missing, or confirms it was submitted
 * with the next step, the interviews (the page shows the confirmation at its top, issue 32).
 */
export function ApplyPanel({ application, problems, refusedAt, failure, applying, justApplied, onApply }: ApplyPanelProps) {
  const navigate = useNavigate();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const applicantIds = application.applicants.map((applicant) => applicant.id);

  const submitted = application.status === 'APPLY';
  // The answer and the application it moved on may arrive in either order: focus once both have.
  useEffect(() => {
    if (justApplied && submitted) titleRef.current?.focus();
  }, [justApplied, submitted]);

  if (submitted) {
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
        extra={[
          <Button key="interviews" type="primary" size="large" onClick={() => void navigate(paths.underwriting(application.id))}>
            {t.startInterviews(application.applicants.length)}
          </Button>,
          <Button key="dashboard" onClick={() => void navigate(paths.dashboard())}>
            {t.backToDashboard}
          </Button>,
        ]}
      />
    );
  }

  return (
    <div className="apply-panel">
      {problems.length > 0 && (
        <ProblemSummary type="error" title={t.problemTitle} focusKey={refusedAt}>
          <ul className="problem-list">
            {problems.map((problem) => {
              const fieldId = problemFieldId(problem, applicantIds);
              return (
                <li key={`${String(problem.client)}-${problem.field}-${problem.message}`}>
                  {fieldId ? <ProblemLink fieldId={fieldId}>{problem.text}</ProblemLink> : problem.text}
                </li>
              );
            })}
          </ul>
        </ProblemSummary>
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
