import { Alert, Button, Checkbox, Col, Flex, Form, InputNumber, Radio, Row } from 'antd';
import { FormSelect } from '@/components/form-select';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { LabelledRadioGroup } from '@/components/labelled-radio-group';
import { ProblemList } from '@/components/problem-list';
import { formatCoverType, formatMoney, formatPaymentPeriod, formatWeeks } from '@/lib/format';
import { amountLabel, amountLimit, checkAmount, checkLength, checkRiderAge, checkRiderAmount, childrenCoverProblem, lengthInYears, limitHelp, paysMonthlyBenefit, ridersFor, selectedRiders, splitCoverErrors, takesLength, toCoverInput, toFormValues, type CoverFormValues, type LengthBy } from '../cover-form-model';
import { coverErrors, type Applicant, type Cover, type CoverInput, type OfferedProduct, type ProductOffer, type RiderRules } from '../../shared/application-model';
import { checked, useSaveProblems } from '../../shared/form-errors';
import { quoteStrings } from '../strings';

const t = quoteStrings.form;
const FORM_NAME = 'cover-form';

/** Thousands separators while typing: 250000 reads as 250,000 (InputNumber's own parser drops them). */
const groupDigits = (value: number | string | undefined) => String(value ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const wholeNumber: Rule = {
  validator: (_rule, value: number | null | undefined) =>
    value === null || value === undefined || Number.isInteger(value) ? Promise.resolve() : Promise.reject(new Error(t.wholeNumber)),
};

interface CoverFormProps {
  offer: ProductOffer;
  applicant: Applicant;
  /** The cover being edited; a new cover when absent. */
  cover?: Cover;
  submitting: boolean;
  /** Saves the cover; rejects with an ApiError whose field errors are shown on the form. */
  onSubmit: (cover: CoverInput) => Promise<void>;
  onCancel: () => void;
}

/**
 * One cover. The fields follow the product chosen: its structures, amount (cover amount or monthly
 * benefit) with its limits, a term or an age to cover to, income protection's periods, and its riders.
 * The checks mirror the server's limits for instant feedback; the server's own errors (returned
 * for a request, or kept on a saved cover) are shown beside the field they name, the rest above.
 */
export function CoverForm({ offer, applicant, cover, submitting, onSubmit, onCancel }: CoverFormProps) {
  const [form] = Form.useForm<CoverFormValues>();
  // A saved cover's errors: beside the fields they name as soon as the form opens, the rest above it.
  const [savedErrors] = useState(() => splitCoverErrors(cover ? coverErrors(cover) : [], (cover?.riders ?? []).map((rider) => rider.riderType)));
  const { problems, attempt } = useSaveProblems(form, t.genericError, savedErrors.other);
  const editing = cover !== undefined;

  const [initialValues] = useState<CoverFormValues>(() => (cover ? toFormValues(cover) : { lengthBy: 'term', riders: {} }));
  // useWatch answers undefined until the form has rendered once; the initial values stand in, so a
  // saved cover's fields (and the errors set on them) are there from the start.
  const productType = Form.useWatch('productType', form) ?? initialValues.productType;
  const coverType = Form.useWatch('coverType', form) ?? initialValues.coverType;
  const lengthBy = Form.useWatch('lengthBy', form) ?? initialValues.lengthBy ?? 'term';
  const riderValues = Form.useWatch('riders', form) ?? initialValues.riders;
  const product = offer.products.find((candidate) => candidate.productType === productType);
  const riders = product ? ridersFor(offer, product) : [];

  useEffect(() => {
    form.setFields(savedErrors.byField);
  }, [form, savedErrors]);

  const handleFinish = async (values: CoverFormValues) => {
    if (!product) return;
    await attempt(
      () => onSubmit(toCoverInput(values, product, riders)),
      (errors) => splitCoverErrors(errors, selectedRiders(values, riders)),
    );
  };

  const changeProduct = (next: OfferedProduct | undefined) => {
    form.setFieldsValue({
      coverType: next?.structures.length === 1 ? next.structures[0] : null,
      amount: null,
      deferredPeriod: null,
      paymentPeriod: null,
      riders: {},
    });
  };

  return (
    <Form<CoverFormValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void handleFinish(values)}
      onValuesChange={(changed: CoverFormValues) => {
        if (changed.productType !== undefined) changeProduct(offer.products.find((p) => p.productType === changed.productType));
      }}
      scrollToFirstError
    >
      <ProblemList title={t.problemTitle} problems={problems} style={{ marginBottom: 16 }} />
      <Form.Item
        name="productType"
        label={t.product}
        rules={[
          { required: true, message: t.productRequired },
          // §4: children's cover needs another cover first (checked when adding; editing cannot change the product).
          { validator: (_rule, value) => checked(!editing && value === 'ccic' ? childrenCoverProblem(applicant) : null) },
        ]}
      >
        <FormSelect
          placeholder={t.productPlaceholder}
          disabled={editing}
          options={offer.products.map((offered) => ({ value: offered.productType, label: offered.label }))}
        />
      </Form.Item>
      {editing && !product && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t.productNotOffered} />}
      {product && (
        <ProductFields
          product={product}
          riders={riders}
          applicant={applicant}
          coverType={coverType}
          lengthBy={lengthBy}
          chosenRiders={selectedRiders({ riders: riderValues }, riders)}
        />
      )}
      <Flex gap="small" justify="flex-end">
        <Button onClick={onCancel}>{t.cancel}</Button>
        <Button type="primary" htmlType="submit" loading={submitting} disabled={editing && !product}>
          {editing ? t.save : t.add}
        </Button>
      </Flex>
    </Form>
  );
}

interface ProductFieldsProps {
  product: OfferedProduct;
  riders: readonly RiderRules[];
  applicant: Applicant;
  coverType: CoverFormValues['coverType'];
  lengthBy: LengthBy;
  chosenRiders: readonly string[];
}

function ProductFields({ product, riders, applicant, coverType, lengthBy, chosenRiders }: ProductFieldsProps) {
  const age = applicant.age;
  const label = amountLabel(product);
  const limit = amountLimit(product, coverType);
  const deferredPeriods = product.deferredPeriods;
  const paymentPeriods = product.paymentPeriods;
  const labelId = (field: string) => `${FORM_NAME}-${field}-label`;

  return (
    <>
      <Form.Item name="coverType" label={t.structure} rules={[{ required: true, message: t.structureRequired }]}>
        <FormSelect
          placeholder={t.structurePlaceholder}
          options={product.structures.map((structure) => ({ value: structure, label: formatCoverType(structure) }))}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={label}
        extra={limitHelp(limit)}
        dependencies={['coverType']}
        rules={[
          { required: true, message: t.amountRequired(label) },
          ({ getFieldValue }) => ({
            validator: (_rule, value: number | null | undefined) =>
              checked(typeof value === 'number' ? checkAmount(product, getFieldValue('coverType') as CoverFormValues['coverType'], value) : null),
          }),
        ]}
      >
        <InputNumber<number>
          prefix="£"
          controls={false}
          precision={paysMonthlyBenefit(product) ? undefined : 0}
          formatter={groupDigits}
          style={{ width: '100%' }}
          inputMode="numeric"
        />
      </Form.Item>
      {takesLength(product.productType) && (
        <Row gutter={16} align="bottom">
          <Col xs={24} sm={12}>
            <Form.Item name="lengthBy" label={<span id={labelId('lengthBy')}>{t.length}</span>}>
              <LabelledRadioGroup labelledBy={labelId('lengthBy')}>
                <Radio value="term">{t.lengthByTerm}</Radio>
                <Radio value="toAge">{t.lengthByAge}</Radio>
              </LabelledRadioGroup>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {lengthBy === 'term' ? (
              <Form.Item
                name="term"
                label={t.term}
                extra={product.term ? t.termHelp(product.term.minYears, product.term.maxYears) : undefined}
                rules={[
                  { required: true, message: t.termRequired },
                  wholeNumber,
                  { validator: (_rule, value: number | null | undefined) => checked(typeof value === 'number' ? checkLength(product, age, 'term', value) : null) },
                ]}
              >
                <InputNumber<number> controls={false} style={{ width: '100%' }} inputMode="numeric" />
              </Form.Item>
            ) : (
              <Form.Item
                name="toAge"
                label={t.toAge}
                extra={product.expiryAge ? t.toAgeHelp(product.expiryAge.min, product.expiryAge.max) : undefined}
                rules={[
                  { required: true, message: t.toAgeRequired },
                  wholeNumber,
                  { validator: (_rule, value: number | null | undefined) => checked(typeof value === 'number' ? checkLength(product, age, 'toAge', value) : null) },
                ]}
              >
                <InputNumber<number> controls={false} style={{ width: '100%' }} inputMode="numeric" />
              </Form.Item>
            )}
          </Col>
        </Row>
      )}
      {deferredPeriods.length > 0 && (
        <Form.Item name="deferredPeriod" label={t.deferredPeriod} rules={[{ required: true, message: t.deferredPeriodRequired }]}>
          <FormSelect placeholder={t.deferredPeriodPlaceholder} options={deferredPeriods.map((weeks) => ({ value: weeks, label: formatWeeks(weeks) }))} />
        </Form.Item>
      )}
      {paymentPeriods.length > 0 && (
        <Form.Item
          name="paymentPeriod"
          label={<span id={labelId('paymentPeriod')}>{t.paymentPeriod}</span>}
          rules={[{ required: true, message: t.paymentPeriodRequired }]}
        >
          <LabelledRadioGroup labelledBy={labelId('paymentPeriod')}>
            {paymentPeriods.map((period) => (
              <Radio key={period} value={period}>
                {formatPaymentPeriod(period)}
              </Radio>
            ))}
          </LabelledRadioGroup>
        </Form.Item>
      )}
      {riders.length > 0 && (
        <fieldset className="cover-form__riders">
          <legend>{t.riders}</legend>
          {riders.map((rider) => (
            <RiderFields key={rider.riderType} rider={rider} product={product} age={age} chosen={chosenRiders.includes(rider.riderType)} />
          ))}
        </fieldset>
      )}
    </>
  );
}

interface RiderFieldsProps {
  rider: RiderRules;
  product: OfferedProduct;
  age: number | null | undefined;
  chosen: boolean;
}

function RiderFields({ rider, product, age, chosen }: RiderFieldsProps) {
  const parentIsLumpSum = !paysMonthlyBenefit(product);
  return (
    <>
      <Form.Item
        name={['riders', rider.riderType, 'selected']}
        valuePropName="checked"
        dependencies={['term', 'toAge', 'lengthBy']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, selected: boolean | undefined) => {
              if (selected !== true) return Promise.resolve();
              const by = (getFieldValue('lengthBy') as LengthBy | undefined) ?? 'term';
              const years = lengthInYears(by, getFieldValue(by) as number | null | undefined, age);
              return checked(checkRiderAge(rider, age, years));
            },
          }),
        ]}
        style={{ marginBottom: chosen ? 8 : 16 }}
      >
        <Checkbox>{t.addRider(rider.label)}</Checkbox>
      </Form.Item>
      {chosen && (
        <Form.Item
          name={['riders', rider.riderType, 'coverAmount']}
          label={t.riderAmount(rider.label)}
          extra={t.riderAmountHelp(formatMoney(rider.amount.min), formatMoney(rider.amount.max), rider.notMoreThanParent && parentIsLumpSum)}
          dependencies={['amount']}
          rules={[
            { required: true, message: t.riderAmountRequired(rider.label) },
            ({ getFieldValue }) => ({
              validator: (_rule, value: number | null | undefined) => {
                const parent = parentIsLumpSum ? (getFieldValue('amount') as number | null | undefined) : null;
                return checked(typeof value === 'number' ? checkRiderAmount(rider, value, parent) : null);
              },
            }),
          ]}
        >
          <InputNumber<number>
            prefix="£"
            controls={false}
            precision={0}
            formatter={groupDigits}
              style={{ width: '100%' }}
            inputMode="numeric"
          />
        </Form.Item>
      )}
    </>
  );
}
