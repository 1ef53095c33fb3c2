import { Checkbox, Typography } from 'antd';
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
 * withdrawn, so the box then stays ticked.
 */
export function DeclarationCard({ application, locked, problems }: DeclarationCardProps) {
  const accept = useAcceptDeclaration(application.id);
  const message = useMessage();

  const record = async (applicantId: string) => {
    try {
      await accept.mutateAsync(applicantId);
    } catch (error) {
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
              <Checkbox
                id={problemFieldIds.declaration(index)}
                checked={accepted || recording}
                disabled={accepted || locked || accept.isPending}
                aria-describedby={!accepted && missing ? errorId : undefined}
                onChange={(event) => {
                  if (event.target.checked) void record(applicant.id);
                }}
              >
                {t.accept(client)}
              </Checkbox>
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
