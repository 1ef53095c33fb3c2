import { Alert, Button, Card, Form, Input, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useFieldMessage } from '@/components/field-message';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { checkPolicyStart, latestPolicyStart, ukToday } from '@/lib/rules/dates';
import { useSetPolicyStart } from '../api/set-up';
import { setUpStrings as t } from '../strings';

type Application = Schemas['Application'];
type StartOption = Schemas['StartDateOption'];

/** §9 start date options: now, a future date within the allowed window, or not known yet. */
export function StartDateCard({ application }: { application: Application }) {
  const [option, setOption] = useState<StartOption | undefined>(application.policyStartDateOption ?? undefined);
  const [date, setDate] = useState(application.policyStartDate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSetPolicyStart();
  const today = ukToday();
  const startDateMessage = useFieldMessage(problem, true);

  const submit = async () => {
    setSaved(false);
    if (!option) return;
    const policyStartDate = option === 'future' ? date : null;
    if (option === 'future') {
      const invalid = date === '' ? t.startNeedsDate : checkPolicyStart(date, today);
      if (invalid) {
        setProblem(invalid);
        return;
      }
    }
    setProblem(null);
    try {
      await save.mutateAsync({ id: application.id, policyStartDateOption: option, policyStartDate });
      setSaved(true);
    } catch (error) {
      setProblem(isApiError(error) ? (error.fieldErrors[0]?.message ?? error.message) : t.failed);
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t.startHeading}</h2>}>
      {/* noValidate: the rule is ours (§5), so the browser does not block the form with its own wording. */}
      <Form layout="vertical" noValidate onFinish={() => void submit()}>
        <Form.Item label={t.startQuestion}>
          <Radio.Group
            value={option}
            onChange={(event) => {
              setOption(event.target.value as StartOption);
              setSaved(false);
            }}
          >
            <Space direction="vertical">
              {(['now', 'future', 'dontKnow'] as const).map((value) => (
                <Radio key={value} value={value}>
                  {t.startOptions[value]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {option === 'future' && (
          <Form.Item label={t.startDate} htmlFor="policy-start-date" validateStatus={problem ? 'error' : undefined} help={startDateMessage.help}>
            <Input
              id="policy-start-date"
              {...startDateMessage.fieldProps}
              type="date"
              min={today}
              max={latestPolicyStart(today)}
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                setSaved(false);
              }}
              style={{ maxWidth: 220 }}
            />
          </Form.Item>
        )}
        {problem && option !== 'future' && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
        <Space>
          <Button htmlType="submit" disabled={!option} loading={save.isPending}>
            {t.startSave}
          </Button>
          {saved && <Typography.Text>{t.startSaved}</Typography.Text>}
        </Space>
      </Form>
    </Card>
  );
}
