import { Alert, Button, Col, Flex, Form, InputNumber, Row, Typography } from 'antd';
import { FormSelect } from '@/components/form-select';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { formatMoneyWithPence } from '@/lib/format';
import {
  allowedStyles,
  checkCommission,
  INDEMNITY_FIELD,
  INDEMNITY_INVALID,
  percentageHundredths,
  percentText,
  SACRIFICE_FIELD,
  SACRIFICE_INVALID,
  styleLabels,
  type CommissionSettings,
} from '@/lib/rules/commission';
import { useSetCommission } from '../api/set-commission';
import { fixedIndemnity, toCommissionFormValues, toCommissionInput, type CommissionFormValues } from '../commission-form-model';
import type { Application } from '../../shared/application-model';
import { splitFormErrors } from '../../shared/form-errors';
import { contactDetailsStrings } from '../strings';

const t = contactDetailsStrings.application;

type CommissionFormField = 'style' | 'indemnity' | 'sacrifice';

function percentRule(message: string, required: boolean): Rule {
  return {
    validator: (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) return required ? Promise.reject(new Error(t.percentRequired)) : Promise.resolve();
      return percentageHundredths(value) === null ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

interface CommissionFormProps {
  application: Application;
  settings: CommissionSettings;
  locked: boolean;
  /** The commission was saved (and the price withdrawn): the page prices the quote again. */
  onSaved: (next: Application) => void;
  /** The quote is being priced again. */
  pricing: boolean;
}

/**
 * The commission adjustment (§3): the styles this adviser may choose (their flags, J13), the
 * indemnity share for hybrid, a fixed share shown as text, and the commission sacrificed. The
 * server's CommissionRules are checked first, so a refused choice is never sent.
 */
export function CommissionForm({ application, settings, locked, onSaved, pricing }: CommissionFormProps) {
  const [form] = Form.useForm<CommissionFormValues>();
  const save = useSetCommission(application.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [initialValues] = useState(() => toCommissionFormValues(application, settings));
  const style = Form.useWatch('style', form) ?? initialValues.style;
  const fixed = fixedIndemnity(settings);
  const styles = allowedStyles(settings);
  // With the indemnity share fixed, the style is not a choice: its errors are the share's.
  const indemnityField: CommissionFormField = fixed === null && style === 'hybrid' ? 'indemnity' : 'style';
  const aliases = { [SACRIFICE_FIELD]: 'sacrifice', [INDEMNITY_FIELD]: indemnityField } as const;

  const submit = async (values: CommissionFormValues) => {
    setProblem(null);
    const checked = checkCommission(settings, toCommissionInput(values, settings));
    if (!checked.ok) {
      const { byField, other } = splitFormErrors<CommissionFormField>(checked.errors, [], aliases);
      form.setFields(byField);
      setProblem(other[0] ?? null);
      return;
    }
    try {
      onSaved(await save.mutateAsync(checked.commission));
    } catch (error) {
      if (!isApiError(error)) {
        setProblem(t.genericError);
        return;
      }
      const { byField, other } = splitFormErrors<CommissionFormField>(error.fieldErrors, [], aliases);
      form.setFields(byField);
      setProblem(other[0] ?? (byField.length === 0 ? error.message : null));
    }
  };

  return (
    <Form<CommissionFormValues>
      form={form}
      name="commission"
      layout="vertical"
      initialValues={initialValues}
      disabled={locked}
      onFinish={(values) => void submit(values)}
    >
      {problem && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={problem} />}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          {fixed === null ? (
            <Form.Item name="style" label={t.commissionStyle}>
              <FormSelect options={styles.map((value) => ({ value, label: styleLabels[value] }))} />
            </Form.Item>
          ) : (
            <Form.Item label={t.commissionStyle}>
              <Typography.Text className="commission-fixed">
                {styleLabels[styles[0] ?? 'indemnity']} · {t.fixedIndemnity(percentText(Math.round(fixed * 100)))}
              </Typography.Text>
            </Form.Item>
          )}
        </Col>
        {fixed === null && style === 'hybrid' && (
          <Col xs={24} sm={12}>
            <Form.Item name="indemnity" label={t.indemnity} rules={[percentRule(INDEMNITY_INVALID, true)]}>
              <InputNumber style={{ width: '100%' }} step={1} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="sacrifice" label={t.sacrifice} extra={t.sacrificeHelp} rules={[percentRule(SACRIFICE_INVALID, false)]}>
            <InputNumber style={{ width: '100%' }} step={1} />
          </Form.Item>
        </Col>
      </Row>
      {!locked && (
        <Flex justify="flex-end" align="center" gap="middle" wrap>
          <Typography.Text role="status" className="commission-repriced">
            {save.isSuccess && pricing && t.pricing}
            {save.isSuccess && !pricing && application.quote && t.repriced(formatMoneyWithPence(application.quote.premium))}
          </Typography.Text>
          <Button htmlType="submit" loading={save.isPending}>
            {t.commissionSave}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
