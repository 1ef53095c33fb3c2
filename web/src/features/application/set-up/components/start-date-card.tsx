import { Alert, Card, Form, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useFieldMessage } from '@/components/field-message';
import { UkDateInput } from '@/components/uk-date-input';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { checkPolicyStart, ukToday } from '@/lib/rules/dates';
import { useSetPolicyStart } from '../api/set-up';
import { setUpStrings as t } from '../strings';

type Application = Schemas['Application'];
type StartOption = Schemas['StartDateOption'];

/**
 * §9 start date options: now, a future date within the allowed window, or not known yet. A
 * choice is saved as soon as it is made, and a later date as soon as a whole valid date is
 * entered (issue 32): there is no separate save to forget.
 */
export function StartDateCard({ application }: { application: Application }) {
  const [option, setOption] = useState<StartOption | undefined>(application.policyStartDateOption ?? undefined);
  const [date, setDate] = useState(application.policyStartDate ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetPolicyStart();
  const today = ukToday();
  const startDateMessage = useFieldMessage(option === 'future' ? problem : null, true);

  const saveStart = async (nextOption: StartOption, nextDate: string) => {
    if (nextOption === 'future') {
      // Waiting for a date is not a mistake; a date outside the window is.
      const invalid = nextDate === '' ? null : checkPolicyStart(nextDate, today);
      setProblem(invalid);
      if (nextDate === '' || invalid) return;
    } else {
      setProblem(null);
    }
    try {
      await save.mutateAsync({ id: application.id, policyStartDateOption: nextOption, policyStartDate: nextOption === 'future' ? nextDate : null });
    } catch (error) {
      setProblem(isApiError(error) ? (error.fieldErrors[0]?.message ?? error.message) : t.failed);
    }
  };

  const stored = application.policyStartDateOption;
  const savedText =
    stored === 'future' && application.policyStartDate
      ? t.startSavedOn(formatDate(application.policyStartDate))
      : stored === 'now'
        ? t.startSavedNow
        : stored === 'dontKnow'
          ? t.startSavedUnknown
          : null;
  const upToDate = stored === option && (option !== 'future' || application.policyStartDate === date);

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t.startHeading}</h2>}>
      <Form layout="vertical" noValidate onFinish={() => undefined}>
        <Form.Item label={t.startQuestion}>
          <Radio.Group
            value={option}
            onChange={(event) => {
              const next = event.target.value as StartOption;
              setOption(next);
              void saveStart(next, date);
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
            <UkDateInput
              id="policy-start-date"
              {...startDateMessage.fieldProps}
              range="future"
              value={date}
              onChange={(next) => {
                setDate(next);
                void saveStart('future', next);
              }}
            />
          </Form.Item>
        )}
        {problem && option !== 'future' && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
        <Typography.Text role="status" type={save.isPending ? 'secondary' : undefined}>
          {save.isPending ? t.startSaving : upToDate && !problem ? savedText : null}
        </Typography.Text>
      </Form>
    </Card>
  );
}
