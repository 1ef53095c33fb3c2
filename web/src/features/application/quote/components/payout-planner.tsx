import { CheckCircleFilled, DeleteOutlined, EditOutlined, ExclamationCircleFilled, UserAddOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, InputNumber, Progress, Row, Switch, Tag, Typography, type FormInstance } from 'antd';
import { FormSelect } from '@/components/form-select';
import { ProblemList } from '@/components/problem-list';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { useAddAllocation } from '../api/add-allocation';
import { useAddBeneficiary } from '../api/add-beneficiary';
import { useEditAllocation } from '../api/edit-allocation';
import { useRemoveAllocation } from '../api/remove-allocation';
import { useSetPayoutPlannerUsed } from '../api/set-payout-planner-used';
import { titles } from '../../shared/applicant-form-model';
import type { Applicant, Application, Cover } from '../../shared/application-model';
import { formRefusal, splitFormErrors } from '../../shared/form-errors';
import {
  BENEFICIARY_NAME_MAX_LENGTH,
  RELATIONSHIP_MAX_LENGTH,
  addedBeneficiary,
  canAddShare,
  checkShare,
  formatPercent,
  partyKey,
  payoutParties,
  percentFromHundredths,
  planStatus,
  remainingHundredths,
  toAllocationInput,
  toBeneficiaryDetails,
  type BeneficiaryFormValues,
  type BenefitAllocation,
  type CandidateBeneficiary,
  type Party,
  type PartyType,
  type ShareFormValues,
} from '../payout-model';
import { quoteStrings } from '../strings';
import { DateOfBirthPicker } from '../../shared/components/date-of-birth-picker';
import { useMessage } from '@/components/feedback';

const t = quoteStrings.payout;

interface PayoutPlannerProps {
  applicationId: number;
  application: Application;
  applicant: Applicant;
  cover: Cover;
  coverId: string;
  /** The cover's product, e.g. "Life Protection". */
  label: string;
  editable: boolean;
  busy: boolean;
}

/**
 * One cover's payout planner (§5): a switch, and when it is on, who receives what share of the
 * payout, the running total (exactly 100 % needed), and forms to add a share or a beneficiary.
 */
export function PayoutPlanner({ applicationId, application, applicant, cover, coverId, label, editable, busy }: PayoutPlannerProps) {
  const toggle = useSetPayoutPlannerUsed();
  const message = useMessage();
  const switchId = useId();
  const used = toggle.isPending ? toggle.variables.isPayoutPlannerUsed : cover.isPayoutPlannerUsed === true;

  const change = async (value: boolean) => {
    try {
      await toggle.mutateAsync({ applicantId: applicant.id, coverId, isPayoutPlannerUsed: value });
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.genericError);
    }
  };

  return (
    <div className="payout-planner" role="group" aria-label={t.heading(label)}>
      <Flex align="center" gap="small">
        <Switch id={switchId} size="small" checked={used} loading={toggle.isPending} disabled={!editable || busy} onChange={(value) => void change(value)} />
        <label htmlFor={switchId} className="payout-planner__label">
          {t.use}
        </label>
      </Flex>
      {used && (
        <PayoutShares
          applicationId={applicationId}
          application={application}
          applicant={applicant}
          coverId={coverId}
          label={label}
          allocations={cover.benefitAllocations ?? []}
          editable={editable}
          busy={busy}
        />
      )}
    </div>
  );
}

interface PayoutSharesProps {
  applicationId: number;
  application: Application;
  applicant: Applicant;
  coverId: string;
  label: string;
  allocations: BenefitAllocation[];
  editable: boolean;
  busy: boolean;
}

function PayoutShares({ applicationId, application, applicant, coverId, label, allocations, editable, busy }: PayoutSharesProps) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [shareForm] = Form.useForm<ShareFormValues>();
  const parties = payoutParties(application, applicant.id);
  const allocated = new Set(allocations.map(partyKey));
  const available = parties.filter((party) => !allocated.has(partyKey(party)));

  return (
    <div className="payout-planner__body">
      {allocations.length > 0 && (
        <ul className="share-list" aria-label={t.sharesOf(label)}>
          {allocations.map((allocation, index) =>
            editingId !== null && allocation.id === editingId ? (
              <EditShare
                key={allocation.id}
                applicationId={applicationId}
                applicantId={applicant.id}
                coverId={coverId}
                allocation={allocation}
                allocations={allocations}
                onDone={() => setEditingId(null)}
              />
            ) : (
              <ShareItem
                key={allocation.id ?? `share-${String(index)}`}
                applicationId={applicationId}
                applicantId={applicant.id}
                coverId={coverId}
                allocation={allocation}
                parties={parties}
                application={application}
                editable={editable}
                busy={busy}
                onEdit={() => setEditingId(allocation.id ?? null)}
              />
            ),
          )}
        </ul>
      )}
      <PlanTotal allocations={allocations} />
      {editable &&
        (!canAddShare(allocations) ? (
          <Typography.Paragraph type="secondary">{t.tooMany}</Typography.Paragraph>
        ) : remainingHundredths(allocations) > 0 ? (
          <AddShare
            form={shareForm}
            applicationId={applicationId}
            applicantId={applicant.id}
            coverId={coverId}
            allocations={allocations}
            available={available}
            busy={busy}
          />
        ) : null)}
      {editable && canAddShare(allocations) && remainingHundredths(allocations) > 0 && (
        <AddBeneficiary
          applicationId={applicationId}
          coverId={coverId}
          before={application.candidateBeneficiaries}
          busy={busy}
          onAdded={(beneficiary) => {
            if (canAddShare(allocations)) shareForm.setFieldsValue({ who: partyKey({ type: 'beneficiary', referenceId: beneficiary.id }) });
          }}
        />
      )}
    </div>
  );
}

/** The shares' running total: exactly 100 % completes the plan. */
function PlanTotal({ allocations }: { allocations: BenefitAllocation[] }) {
  const { total, complete, problem } = planStatus(allocations);
  const over = total > 10_000;
  const left = remainingHundredths(allocations);
  return (
    <div className="share-total" role="status">
      <Flex justify="space-between" align="baseline" gap="middle" wrap>
        <Typography.Text strong>{t.total(percentFromHundredths(total))}</Typography.Text>
        {complete ? (
          <Typography.Text type="success">
            <CheckCircleFilled aria-hidden="true" /> {t.complete}
          </Typography.Text>
        ) : (
          <Typography.Text type="warning">
            <ExclamationCircleFilled aria-hidden="true" /> {problem}
            {allocations.length > 0 && left > 0 && ` (${t.left(percentFromHundredths(left))})`}
          </Typography.Text>
        )}
      </Flex>
      <Progress
        percent={Math.min(100, total / 100)}
        showInfo={false}
        size="small"
        status={complete ? 'success' : over ? 'exception' : 'normal'}
        aria-hidden="true"
      />
    </div>
  );
}

function partyOf(allocation: BenefitAllocation, parties: readonly Party[]): Party | undefined {
  return parties.find((party) => partyKey(party) === partyKey(allocation));
}

function kindLabel(type: PartyType | null | undefined, application: Application, referenceId: string | null | undefined): string | null {
  if (type === 'beneficiary') {
    const relationship = application.candidateBeneficiaries.find((beneficiary) => beneficiary.id === referenceId)?.relationship;
    return relationship ?? t.partyTypes.beneficiary;
  }
  return type ? t.partyTypes[type] : null;
}

interface ShareItemProps {
  applicationId: number;
  applicantId: string;
  coverId: string;
  allocation: BenefitAllocation;
  parties: readonly Party[];
  application: Application;
  editable: boolean;
  busy: boolean;
  onEdit: () => void;
}

function ShareItem({ applicationId, applicantId, coverId, allocation, parties, application, editable, busy, onEdit }: ShareItemProps) {
  const remove = useRemoveAllocation(applicationId);
  const message = useMessage();
  const nameId = useId();
  const name = allocation.beneficiary ?? partyOf(allocation, parties)?.name ?? '';
  const kind = kindLabel(allocation.type, application, allocation.referenceId);

  const removeShare = async () => {
    const allocationId = allocation.id;
    if (!allocationId) return;
    try {
      await remove.mutateAsync({ applicantId, coverId, allocationId });
      void message.success(t.removed);
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.genericError);
    }
  };

  return (
    <li className="share-item" aria-labelledby={nameId}>
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Flex align="center" gap="small" wrap>
          <Typography.Text id={nameId}>{name}</Typography.Text>
          {kind && (
            <Tag bordered={false} className="share-item__kind">
              {kind}
            </Tag>
          )}
        </Flex>
        <Flex align="center" gap="small">
          <Typography.Text strong className="share-item__percent">
            {formatPercent(allocation.percent)}
          </Typography.Text>
          {editable && allocation.id && (
            <>
              <Button size="small" icon={<EditOutlined aria-hidden="true" />} aria-label={t.editShare(name)} disabled={busy} onClick={onEdit}>
                {t.edit}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden="true" />}
                aria-label={t.removeShare(name)}
                disabled={busy}
                loading={remove.isPending}
                onClick={() => void removeShare()}
              >
                {t.remove}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
    </li>
  );
}

interface EditShareProps {
  applicationId: number;
  applicantId: string;
  coverId: string;
  allocation: BenefitAllocation;
  allocations: readonly BenefitAllocation[];
  onDone: () => void;
}

function EditShare({ applicationId, applicantId, coverId, allocation, allocations, onDone }: EditShareProps) {
  const edit = useEditAllocation(applicationId);
  const message = useMessage();
  const [form] = Form.useForm<ShareFormValues>();
  const [problems, setProblems] = useState<string[]>([]);
  const name = allocation.beneficiary ?? '';

  const save = async ({ percent }: ShareFormValues) => {
    const { id, referenceId, type } = allocation;
    if (!id || !referenceId || !type || typeof percent !== 'number') return;
    setProblems([]);
    try {
      await edit.mutateAsync({ applicantId, coverId, allocationId: id, allocation: toAllocationInput({ type, referenceId }, percent) });
      void message.success(t.saved);
      onDone();
    } catch (error) {
      const refused = formRefusal(error, (errors) => splitFormErrors(errors, ['percent'] as const), t.genericError);
      form.setFields(refused.byField);
      setProblems(refused.problems);
    }
  };

  return (
    <li className="share-item" aria-label={t.editShare(name)}>
      <ProblemList title={t.problemTitle} problems={problems} style={{ marginBottom: 12 }} />
      <Form<ShareFormValues>
        form={form}
        name={`share-edit-${allocation.id ?? ''}`}
        layout="inline"
        initialValues={{ percent: allocation.percent ?? null }}
        onFinish={(values) => void save(values)}
        className="share-form"
      >
        <Typography.Text className="share-form__name">{name}</Typography.Text>
        <Form.Item
          name="percent"
          label={t.share}
          rules={[{ validator: (_rule, value: number | null | undefined) => check(checkShare(allocations, value, allocation.id)) }]}
        >
          <InputNumber<number> suffix="%" controls={false} min={0} style={{ width: 120 }} inputMode="decimal" autoFocus />
        </Form.Item>
        <Flex gap="small">
          <Button onClick={onDone}>{t.cancel}</Button>
          <Button type="primary" htmlType="submit" loading={edit.isPending}>
            {t.save}
          </Button>
        </Flex>
      </Form>
    </li>
  );
}

function check(message: string | null): Promise<void> {
  return message ? Promise.reject(new Error(message)) : Promise.resolve();
}

interface AddShareProps {
  form: FormInstance<ShareFormValues>;
  applicationId: number;
  applicantId: string;
  coverId: string;
  allocations: readonly BenefitAllocation[];
  available: readonly Party[];
  busy: boolean;
}

const groups: readonly PartyType[] = ['child', 'applicant', 'beneficiary'];

function AddShare({ form, applicationId, applicantId, coverId, allocations, available, busy }: AddShareProps) {
  const add = useAddAllocation(applicationId);
  const message = useMessage();
  const [problems, setProblems] = useState<string[]>([]);
  const remaining = remainingHundredths(allocations);

  const options = groups
    .map((type) => ({
      label: t.groups[type],
      title: t.groups[type],
      options: available.filter((party) => party.type === type).map((party) => ({ value: partyKey(party), label: party.name })),
    }))
    .filter((group) => group.options.length > 0);

  const submit = async ({ who, percent }: ShareFormValues) => {
    const party = available.find((candidate) => partyKey(candidate) === who);
    if (!party || typeof percent !== 'number') return;
    setProblems([]);
    try {
      const application = await add.mutateAsync({ applicantId, coverId, allocation: toAllocationInput(party, percent) });
      const cover = application.applicants.find((applicant) => applicant.id === applicantId)?.covers?.find((candidate) => candidate.id === coverId);
      const left = remainingHundredths(cover?.benefitAllocations ?? []);
      form.setFieldsValue({ who: null, percent: left > 0 ? left / 100 : null });
      void message.success(t.added);
    } catch (error) {
      const refused = formRefusal(error, (errors) => splitFormErrors<'who' | 'percent'>(errors, ['who', 'percent'], { referenceId: 'who', type: 'who' }), t.genericError);
      form.setFields(refused.byField);
      setProblems(refused.problems);
    }
  };

  return (
    <div className="share-add">
      <ProblemList title={t.problemTitle} problems={problems} style={{ marginBottom: 12 }} />
      <Form<ShareFormValues>
        form={form}
        name={`share-${coverId}`}
        layout="vertical"
        initialValues={{ who: null, percent: remaining > 0 ? remaining / 100 : null }}
        onFinish={(values) => void submit(values)}
      >
        <Row gutter={12} align="bottom">
          <Col xs={24} sm={13}>
            <Form.Item name="who" label={t.who} rules={[{ required: true, message: t.whoRequired }]}>
              <FormSelect placeholder={t.whoPlaceholder} options={options} notFoundContent={t.nobody} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              name="percent"
              label={t.share}
              rules={[{ validator: (_rule, value: number | null | undefined) => check(checkShare(allocations, value, null)) }]}
            >
              <InputNumber<number> suffix="%" controls={false} min={0} style={{ width: '100%' }} inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={5}>
            <Form.Item>
              <Button htmlType="submit" block loading={add.isPending} disabled={busy && !add.isPending}>
                {t.addShare}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {available.length === 0 && <Typography.Paragraph type="secondary">{t.nobody}</Typography.Paragraph>}
    </div>
  );
}

interface AddBeneficiaryProps {
  applicationId: number;
  coverId: string;
  before: readonly CandidateBeneficiary[];
  busy: boolean;
  onAdded: (beneficiary: CandidateBeneficiary) => void;
}

const titleOptions = titles.map((title) => ({ value: title, label: title }));
const beneficiaryFields = ['title', 'firstName', 'lastName', 'relationship', 'dateOfBirth'] as const;

/** A small form for someone outside the application who should receive a share. */
function AddBeneficiary({ applicationId, coverId, before, busy, onAdded }: AddBeneficiaryProps) {
  const add = useAddBeneficiary(applicationId);
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<BeneficiaryFormValues>();
  const [problems, setProblems] = useState<string[]>([]);

  if (!open) {
    return (
      <Button type="link" icon={<UserAddOutlined aria-hidden="true" />} onClick={() => setOpen(true)} disabled={busy} className="share-add__beneficiary">
        {t.addBeneficiary}
      </Button>
    );
  }

  const submit = async (values: BeneficiaryFormValues) => {
    setProblems([]);
    try {
      const application = await add.mutateAsync(toBeneficiaryDetails(values));
      const added = addedBeneficiary(before, application.candidateBeneficiaries);
      void message.success(t.beneficiaryAdded);
      setOpen(false);
      if (added) onAdded(added);
    } catch (error) {
      const refused = formRefusal(error, (errors) => splitFormErrors(errors, beneficiaryFields), t.genericError);
      form.setFields(refused.byField);
      setProblems(refused.problems);
    }
  };

  const nameRules = (label: string, required: string) => [
    { required: true, whitespace: true, message: required },
    { max: BENEFICIARY_NAME_MAX_LENGTH, message: t.nameTooLong(label) },
  ];

  return (
    <div className="beneficiary-form" role="group" aria-label={t.beneficiaryTitle}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {t.beneficiaryTitle}
      </Typography.Text>
      <ProblemList title={t.beneficiaryProblemTitle} problems={problems} style={{ marginBottom: 12 }} />
      <Form<BeneficiaryFormValues> form={form} name={`beneficiary-${coverId}`} layout="vertical" onFinish={(values) => void submit(values)}>
        <Row gutter={12}>
          <Col xs={24} sm={6}>
            <Form.Item name="title" label={t.title}>
              <FormSelect options={titleOptions} allowClear placeholder={t.titlePlaceholder} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={9}>
            <Form.Item name="firstName" label={t.firstName} rules={nameRules(t.firstName, t.firstNameRequired)}>
              <Input autoComplete="off" autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} sm={9}>
            <Form.Item name="lastName" label={t.lastName} rules={nameRules(t.lastName, t.lastNameRequired)}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="relationship" label={t.relationship} rules={[{ max: RELATIONSHIP_MAX_LENGTH, message: t.relationshipTooLong }]}>
              <Input autoComplete="off" placeholder={t.relationshipPlaceholder} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="dateOfBirth" label={t.dateOfBirth}>
              <DateOfBirthPicker />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap="small" justify="flex-end">
          <Button onClick={() => setOpen(false)}>{t.cancel}</Button>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t.saveBeneficiary}
          </Button>
        </Flex>
      </Form>
    </div>
  );
}
