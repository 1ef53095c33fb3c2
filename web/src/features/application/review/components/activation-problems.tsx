import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { ProblemSummary } from '@/components/problem-summary';
import type { FieldError } from '@/lib/api-error';
import { reviewStrings as t } from '../strings';

/** The page that fixes each thing `activateApplication` names. */
function fixedOn(field: string, applicationId: number): { to: string; label: string } | null {
  switch (field) {
    case 'bankDetails':
    case 'bankCheck':
    case 'policyStartDateOption':
    case 'policyStartDate':
      return { to: paths.setUp(applicationId), label: t.fixOn.setUp };
    case 'decision':
      return { to: paths.decision(applicationId), label: t.fixOn.decision };
    default:
      return null;
  }
}

interface ActivationProblemsProps {
  applicationId: number;
  problems: readonly FieldError[];
  title: string;
  type: 'warning' | 'error';
  /** For a refusal of what the adviser just did: each new value moves focus to the title. */
  focusKey?: number;
}

/** What stops the policy going in force, each with a link to the page where it is put right. */
export function ActivationProblems({ applicationId, problems, title, type, focusKey }: ActivationProblemsProps) {
  return (
    <ProblemSummary type={type} title={title} focusKey={focusKey}>
      <ul className="problem-list">
        {problems.map((problem) => {
          const fix = fixedOn(problem.field, applicationId);
          return (
            <li key={`${problem.field}:${problem.message}`}>
              {problem.message}
              {fix && (
                <>
                  {' '}
                  <Link to={fix.to}>{fix.label}</Link>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </ProblemSummary>
  );
}
