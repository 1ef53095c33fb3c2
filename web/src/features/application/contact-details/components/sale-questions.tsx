import { Form, Radio } from 'antd';
import { useEffect, useId, useRef } from 'react';
import { useFieldMessage } from '@/components/field-message';
import { LabelledRadioGroup } from '@/components/labelled-radio-group';
import { isApiError } from '@/lib/api-error';
import { useSetAdvisedSale } from '../api/set-advised-sale';
import { useSetMortgageRelated } from '../api/set-mortgage-related';
import { problemFieldIds } from '../contact-form-model';
import type { Application } from '../../shared/application-model';
import { contactDetailsStrings } from '../strings';
import { useMessage } from '@/components/feedback';

const t = contactDetailsStrings.application;

interface YesNoProps {
  /** The group's id, for the links to it from the summary of problems at Apply. */
  id: string;
  label: string;
  value: boolean | null | undefined;
  disabled: boolean;
  /** Why the answer is needed (from applying), or why it was refused. */
  error: string | undefined;
  onChange: (value: boolean) => void;
}

function YesNo({ id, label, value, disabled, error, onChange }: YesNoProps) {
  const labelId = useId();
  const { help, fieldProps } = useFieldMessage(error, true);
  return (
    <Form.Item label={<span id={labelId}>{label}</span>} validateStatus={error ? 'error' : undefined} help={help}>
      <LabelledRadioGroup
        id={id}
        labelledBy={labelId}
        {...fieldProps}
        value={value ?? undefined}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as boolean)}
      >
        <Radio value={true}>{t.yes}</Radio>
        <Radio value={false}>{t.no}</Radio>
      </LabelledRadioGroup>
    </Form.Item>
  );
}

/** Applying's complaint about a question, until the question is answered. */
function unanswered(value: boolean | null | undefined, problem: string | undefined): string | undefined {
  return value === null || value === undefined ? problem : undefined;
}

interface SaleQuestionsProps {
  application: Application;
  /** §6 isAlwaysAdvised: the question is not asked; every sale is advised. */
  alwaysAdvised: boolean;
  locked: boolean;
  /** What applying said about each question. */
  problems: { isMortgageRelated?: string; isAdvisedSale?: string };
}

/**
 * "Is the cover for a mortgage?" and "Is this an advised sale?", each saved when answered. For an
 * adviser whose sales are always advised the second is not asked, and the page records the sale
 * as advised once, if the application does not say so already.
 */
export function SaleQuestions({ application, alwaysAdvised, locked, problems }: SaleQuestionsProps) {
  const mortgage = useSetMortgageRelated(application.id);
  const advised = useSetAdvisedSale(application.id);
  const { mutate: recordAdvised } = advised;
  const message = useMessage();
  const recorded = useRef(false);

  const mustRecordAdvised = alwaysAdvised && !locked && application.isAdvisedSale !== true;
  useEffect(() => {
    if (!mustRecordAdvised || recorded.current) return;
    recorded.current = true;
    recordAdvised(true);
  }, [mustRecordAdvised, recordAdvised]);

  const save = async (send: (value: boolean) => Promise<unknown>, value: boolean) => {
    try {
      await send(value);
      void message.success(t.answerSaved);
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.genericError);
    }
  };

  const refusal = (error: unknown) => (isApiError(error) && error.fieldErrors.length > 0 ? error.fieldErrors[0]?.message : undefined);

  return (
    <>
      <YesNo
        id={problemFieldIds.saleQuestion('isMortgageRelated')}
        label={t.mortgage}
        value={mortgage.isPending ? mortgage.variables : application.isMortgageRelated}
        disabled={locked || mortgage.isPending}
        error={refusal(mortgage.error) ?? unanswered(application.isMortgageRelated, problems.isMortgageRelated)}
        onChange={(value) => void save(mortgage.mutateAsync, value)}
      />
      {!alwaysAdvised && (
        <YesNo
          id={problemFieldIds.saleQuestion('isAdvisedSale')}
          label={t.advised}
          value={advised.isPending ? advised.variables : application.isAdvisedSale}
          disabled={locked || advised.isPending}
          error={refusal(advised.error) ?? unanswered(application.isAdvisedSale, problems.isAdvisedSale)}
          onChange={(value) => void save(advised.mutateAsync, value)}
        />
      )}
    </>
  );
}
