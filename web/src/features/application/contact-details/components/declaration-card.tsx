import { CheckCircleFilled } from '@ant-design/icons';
import { Checkbox, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { isApiError } from '@/lib/api-error';
import { useAcceptDeclaration } from '../api/accept-declaration';
import { DECLARATION_FIELD, problemFieldIds, type ApplyProblem } from '../contact-form-model';
import type { Application } from '../../shared/application-model';
import { applicationStrings } from '../../shared/strings';
import { contactDetailsStrings } from '../strings';
import { useMessage } from '@/components/feedback';
import { SectionCard } from '@/components/section-card';

const t = contactDetailsStrings.declaration;
const headingId = 'declaration-heading';

interface DeclarationCardProps {
  application: Application;
  /** The application was applied for: nothing more can be accepted. */
  locked: boolean;
  problems: readonly ApplyProblem[];
}

/**
 * The pre-underwriting declaration (§5): its text, and for each client a box the adviser ticks
 * once the client has read and accepted it. An acceptance is recorded at once and cannot be
 * withdrawn, so it is then said as a statement rather than a box that looks ticked but cannot be
 * used (issue 32), and focus moves to it.
 */
export function DeclarationCard({ application, locked, problems }: DeclarationCardProps) {
  const accept = useAcceptDeclaration(application.id);
  const message = useMessage();
  // The client whose acceptance was just recorded: focus follows it from the box to the statement.
  const justAccepted = useRef<number | null>(null);
  useEffect(() => {
    const index = justAccepted.current;
    if (index === null || application.applicants[index]?.isAcceptedPreUnderwritingDeclaration !== true) return;
    document.getElementById(problemFieldIds.declaration(index))?.focus();
    justAccepted.current = null;
  }, [application]);

  const record = async (applicantId: string) => {
    // Set before the answer: the application it returns may arrive before this resumes.
    justAccepted.current = application.applicants.findIndex((applicant) => applicant.id === applicantId);
    try {
      await accept.mutateAsync(applicantId);
    } catch (error) {
      justAccepted.current = null;
      void message.error(isApiError(error) ? error.message : t.failed);
    }
  };

  return (
    <SectionCard
      heading={t.heading}
      headingId={headingId}
      className="applicant-card"
    >
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      <blockquote className="declaration-text">
        {t.text.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </blockquote>
      <ul className="declaration-list">
        {application.applicants.map((applicant, index) => {
          const client = applicationStrings.clientTitle(index);
          const recording = accept.isPending && accept.variables === applicant.id;
          const accepted = applicant.isAcceptedPreUnderwritingDeclaration === true;
          const missing = problems.find((problem) => problem.client === index && problem.field === DECLARATION_FIELD);
          const errorId = `declaration-${String(index + 1)}-error`;
          return (
            <li key={applicant.id}>
              {accepted ? (
                <span id={problemFieldIds.declaration(index)} tabIndex={-1} className="declaration-accepted" style={{ fontWeight: 500 }}>
                  <CheckCircleFilled aria-hidden="true" style={{ color: '#389e0d', marginRight: 8 }} />
                  {t.accepted(client)}
                </span>
              ) : (
              <Checkbox
                id={problemFieldIds.declaration(index)}
                checked={recording}
                disabled={locked || accept.isPending}
                aria-describedby={missing ? errorId : undefined}
                onChange={(event) => {
                  if (event.target.checked) void record(applicant.id);
                }}
              >
                {t.accept(client)}
              </Checkbox>
              )}
              {!accepted && missing && (
                <Typography.Text type="danger" id={errorId} className="declaration-list__error">
                  {missing.message}
                </Typography.Text>
              )}
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}
