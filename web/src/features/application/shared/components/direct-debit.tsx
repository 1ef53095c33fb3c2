import { Alert, Typography } from 'antd';
import type { Schemas } from '@/lib/api-client';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { directDebitStrings as t } from '../direct-debit-strings';

type DirectDebitView = Schemas['DirectDebitView'];

/** "Alan Turing's and Ada Turing's policies". */
export function whosePolicies(names: readonly string[]): string {
  const owners = names.map((name) => `${name}’s`);
  const listed = owners.length <= 1 ? (owners[0] ?? '') : `${owners.slice(0, -1).join(', ')} and ${owners[owners.length - 1]}`;
  return `${listed} ${names.length === 1 ? 'policy' : 'policies'}`;
}

/**
 * The Direct Debit Guarantee in the scheme's standard wording (from `product/`), which the payer
 * must be shown with the instruction (AJ12).
 */
export function DirectDebitGuarantee({ guarantee }: { guarantee: DirectDebitView['guarantee'] }) {
  return (
    <section className="direct-debit-guarantee" aria-labelledby="direct-debit-guarantee-heading">
      <h3 id="direct-debit-guarantee-heading">{guarantee.heading}</h3>
      <ul>
        {guarantee.paragraphs.map((paragraph) => (
          <li key={paragraph}>{paragraph}</li>
        ))}
      </ul>
    </section>
  );
}

/** Whose policies the one Direct Debit pays for, what it collects, and its first collection. */
export function DirectDebitCollections({ directDebit }: { directDebit: DirectDebitView }) {
  const { firstCollection: first } = directDebit;
  return (
    <div className="direct-debit-collections">
      {directDebit.paysFor.length > 0 && (
        <Typography.Paragraph>
          {t.paysFor(whosePolicies(directDebit.paysFor))}
          {directDebit.monthlyAmount !== null && <> {t.monthly(formatMoneyWithPence(directDebit.monthlyAmount))}</>}
        </Typography.Paragraph>
      )}
      {first ? (
        <Alert
          type="info"
          showIcon
          message={t.first(formatMoneyWithPence(first.amount), formatDate(first.date))}
          description={
            <>
              {first.months > 1 && <div>{t.months(first.months)}</div>}
              <div>{t.notice(directDebit.advanceNoticeWorkingDays)}</div>
            </>
          }
        />
      ) : (
        directDebit.firstCollectionUnknown && <Typography.Text type="secondary">{directDebit.firstCollectionUnknown}</Typography.Text>
      )}
    </div>
  );
}
