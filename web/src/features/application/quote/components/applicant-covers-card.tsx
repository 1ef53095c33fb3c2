import { InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { useId } from 'react';
import { isApiError } from '@/lib/api-error';
import { formatAge, formatCoverType, formatMoney, formatMoneyWithPence, formatPaymentPeriod, formatWeeks, formatYears } from '@/lib/format';
import { missingFields } from '@/lib/rules/covers';
import { displayedColumns } from '@/lib/rules/formats';
import { useRemoveCover } from '../api/remove-cover';
import { clientName, coverDecision, coverErrors, isLeftOut, productLabel, type Applicant, type Application, type Cover, type OfferedProduct, type ProductOffer } from '../../shared/application-model';
import { EditRemoveActions } from '../../shared/components/edit-remove-actions';
import { offersPayoutPlanner } from '../payout-model';
import { quoteStrings as t } from '../strings';
import { riderLabels } from '@/lib/cover-text';
import { PayoutPlanner } from './payout-planner/payout-planner';
import { UpsellCover } from './upsell-cover';
import { upsellBounds } from '../upsell-model';
import { useMessage } from '@/components/feedback';
import { ProblemList } from '@/components/problem-list';
import { SectionCard } from '@/components/section-card';

/** Whether the adviser's firm offers the payout planner (uxSettings.displayPayoutPlanner); unknown until the adviser has loaded. */
export type PayoutPlannerOffer = 'offered' | 'notOffered' | 'unknown';

interface ApplicantCoversCardProps {
  application: Application;
  applicant: Applicant;
  index: number;
  offer: ProductOffer | undefined;
  /** Premium a month of each cover, by cover id, once priced. */
  premiums: ReadonlyMap<string, number>;
  payoutPlanner: PayoutPlannerOffer;
  editable: boolean;
  /** True while a change or a price is on its way: changes wait for it. */
  busy: boolean;
  onAdd: () => void;
  onEdit: (cover: Cover) => void;
  onRemoved: (application: Application) => void;
}

/** One client: their age and covers, each with its details, premium and problems, and the changes allowed. */
export function ApplicantCoversCard({ application, applicant, index, offer, premiums, payoutPlanner, editable, busy, onAdd, onEdit, onRemoved }: ApplicantCoversCardProps) {
  const name = clientName(applicant, index);
  const headingId = `quote-client-${String(index + 1)}-heading`;
  const covers = applicant.covers ?? [];

  return (
    <SectionCard
      heading={name}
      headingId={headingId}
      className="applicant-card"
      extra={
        typeof applicant.age === 'number' && (
          <Tag color="cyan" bordered={false} className="age-tag">
            {formatAge(applicant.age)}
          </Tag>
        )
      }
    >
      {covers.length === 0 ? (
        <Typography.Paragraph type="secondary">{t.noCovers}</Typography.Paragraph>
      ) : (
        <ul className="cover-list" aria-label={t.coversOf(name)}>
          {covers.map((cover) => (
            <CoverItem
              key={cover.id}
              application={application}
              applicant={applicant}
              cover={cover}
              label={productLabel(offer, cover.productType)}
              product={offer?.products.find((product) => product.productType === cover.productType)}
              premium={cover.id ? premiums.get(cover.id) : undefined}
              payoutPlanner={payoutPlanner}
              editable={editable}
              busy={busy}
              onEdit={() => onEdit(cover)}
              onRemoved={onRemoved}
            />
          ))}
        </ul>
      )}
      {editable && (
        <Button type="dashed" block icon={<PlusOutlined aria-hidden="true" />} aria-label={t.addCoverFor(name)} disabled={busy} onClick={onAdd}>
          {t.addCover}
        </Button>
      )}
    </SectionCard>
  );
}

interface CoverItemProps {
  application: Application;
  applicant: Applicant;
  cover: Cover;
  label: string;
  /** The product's rules, once the offer has loaded (the upsell's bounds). */
  product: OfferedProduct | undefined;
  premium: number | undefined;
  payoutPlanner: PayoutPlannerOffer;
  editable: boolean;
  busy: boolean;
  onEdit: () => void;
  onRemoved: (application: Application) => void;
}

function lengthText(cover: Cover): string | null {
  if (typeof cover.term === 'number') return formatYears(cover.term);
  if (typeof cover.toAge === 'number') return formatAge(cover.toAge);
  return null;
}

/** §4, §8: a cover error with status 412 is restricted cover (docs/decisions.md HB3). */
export const RESTRICTED_COVER_STATUS = 412;

function CoverItem({ application, applicant, cover, label, product, premium, payoutPlanner, editable, busy, onEdit, onRemoved }: CoverItemProps) {
  const remove = useRemoveCover(application.id);
  const message = useMessage();
  const labelId = useId();
  const errors = coverErrors(cover);
  const missing = missingFields(cover).map((field) => t.fieldNames[field] ?? field);
  const columns = displayedColumns(cover.productType);
  const amount = cover.coverAmount ?? cover.monthlyBenefit;
  const length = lengthText(cover);
  const restricted = errors.some((error) => error.status === RESTRICTED_COVER_STATUS);
  // HB2: at the decision, a cover that was offered may be increased within its bounds.
  const upsell =
    !editable && application.canUpsellCover && cover.id && product && !isLeftOut(coverDecision(application, cover))
      ? upsellBounds(product, cover, applicant.age)
      : null;

  const facts: [string, string][] = [];
  if (columns.includes('coverType') && cover.coverType) facts.push([t.columns.structure, formatCoverType(cover.coverType)]);
  if (columns.includes('coverAmount') && typeof amount === 'number') {
    facts.push([typeof cover.monthlyBenefit === 'number' ? t.columns.monthlyBenefit : t.columns.coverAmount, formatMoney(amount)]);
  }
  if (length) facts.push([t.columns.length, length]);
  if (typeof cover.deferredPeriod === 'number') facts.push([t.columns.deferredPeriod, formatWeeks(cover.deferredPeriod)]);
  if (cover.paymentPeriod) facts.push([t.columns.paymentPeriod, formatPaymentPeriod(cover.paymentPeriod)]);
  for (const rider of cover.riders) {
    facts.push([riderLabels[rider.riderType], typeof rider.coverAmount === 'number' ? formatMoney(rider.coverAmount) : '']);
  }

  const confirmRemove = async () => {
    const id = cover.id;
    if (!id) return;
    try {
      const application = await remove.mutateAsync({ applicantId: applicant.id, cover: { id, productType: cover.productType } });
      void message.success(t.removed);
      onRemoved(application);
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.changeFailed);
    }
  };

  return (
    <li className="cover-item" aria-labelledby={labelId}>
      <Flex justify="space-between" align="baseline" gap="middle" wrap>
        <Flex align="baseline" gap="small" wrap>
          <Typography.Text strong className="cover-item__label" id={labelId}>
            {label}
          </Typography.Text>
          {restricted && (
            <Tag color="orange" className="cover-item__restricted">
              {t.restricted.tag}
            </Tag>
          )}
        </Flex>
        {premium !== undefined && (
          <Typography.Text strong className="cover-item__premium">
            {t.premiumAMonth(formatMoneyWithPence(premium))}
          </Typography.Text>
        )}
      </Flex>
      {facts.length > 0 && (
        <dl className="cover-facts">
          {facts.map(([term, value]) => (
            <div key={term} className="cover-facts__row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <ProblemList title={t.coverProblems(label)} problems={errors.map((error) => error.message)} className="cover-item__errors" />
      {missing.length > 0 && (
        <Typography.Paragraph type="warning" className="cover-item__missing">
          {t.incomplete(missing.join(', '))}
        </Typography.Paragraph>
      )}
      {editable && cover.id && (
        <EditRemoveActions
          className="cover-item__actions"
          edit={{ text: t.edit, label: t.editCover(label) }}
          remove={{ text: t.remove, label: t.removeCover(label) }}
          confirm={{ title: t.removeConfirmTitle(label), description: t.removeConfirmDescription, ok: t.removeConfirm, cancel: t.keep }}
          removing={remove.isPending}
          disabled={busy}
          onEdit={onEdit}
          onRemove={() => void confirmRemove()}
        />
      )}
      {upsell && cover.id && (
        <div className="cover-item__actions">
          <UpsellCover application={application} applicant={applicant} cover={cover} coverId={cover.id} label={label} bounds={upsell} disabled={busy} />
        </div>
      )}
      {cover.id && offersPayoutPlanner(cover.productType) && payoutPlanner === 'offered' && (
        <PayoutPlanner
          applicationId={application.id}
          application={application}
          applicant={applicant}
          cover={cover}
          coverId={cover.id}
          label={label}
          editable={editable}
          busy={busy}
        />
      )}
      {cover.id && offersPayoutPlanner(cover.productType) && payoutPlanner === 'notOffered' && (
        <Typography.Paragraph type="secondary" className="payout-planner payout-planner--not-offered">
          <InfoCircleOutlined aria-hidden="true" /> {t.payout.notAvailable}
        </Typography.Paragraph>
      )}
    </li>
  );
}
