import { Checkbox, Input, Radio, Typography } from 'antd';
import { FormSelect } from '@/components/form-select';
import { UkDateInput } from '@/components/uk-date-input';
import { useId, useState } from 'react';
import { groupThousands } from '@/lib/rules/formats';
import { fields as measurementFields, isIntegerInput, maxLengths, type Measurement } from '@/lib/rules/measurements';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { Schemas } from '@/lib/api-client';
import { useQuestionOptions, valuesOf, VALUE_SEPARATOR } from '@/lib/question-options';
import { interviewStrings as t } from './strings';

type Question = Schemas['Question'];

interface QuestionFieldProps {
  question: Question;
  /** The interview's branch, for the option look-up. */
  branch: string;
  /** The answer to this question's units question (metric unless imperial). */
  units: string | undefined;
  /** What the server said about the last answer to this question. */
  serverError: string | undefined;
  disabled: boolean;
  optional: boolean;
  onAnswer: (tag: string, value: string) => void;
}

/** The unit boxes of a measurement in a units system (spec §3, §5 "Measurements"). */
function boxesOf(type: Question['questionType'], imperial: boolean): string[] {
  if (!imperial) return [type === 'HEIGHT' ? t.units.metres : type === 'WAIST_SIZE' ? t.units.centimetres : t.units.kilograms];
  if (type === 'HEIGHT') return [t.units.feet, t.units.inches];
  if (type === 'WAIST_SIZE') return [t.units.inches];
  return [t.units.stones, t.units.pounds];
}

/** "36000" as "36,000"; anything that is not a whole number of pounds stays as typed. */
function groupedPounds(value: string): string {
  return /^\d+$/.test(value) ? groupThousands(Number(value)) : value;
}

/** A check the page can make at once, before sending (the server checks again). */
function quickCheck(question: Question, value: string): string | undefined {
  if (value === '') return undefined;
  const number = Number(value.replace(/,/g, ''));
  if (question.questionType === 'INTEGER' && !isIntegerInput(value)) return t.wholeNumberInvalid;
  if ((question.questionType === 'NUMBER' || question.questionType === 'EARNINGS') && !Number.isFinite(number)) return t.numberInvalid;
  const { min, max } = question;
  if (typeof min === 'number' && typeof max === 'number' && (number < min || number > max)) return t.range(min, max);
  return undefined;
}

/**
 * One interview question of any §3 type, labelled, with its error tied to it. Choices are
 * saved as they are made; typed answers when the field is left.
 */
export function QuestionField({ question, branch, units, serverError, disabled, optional, onAnswer }: QuestionFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const stored = question.answer ?? '';
  const earnings = question.questionType === 'EARNINGS';
  // The parent remounts the field when the stored answer changes, so what is typed starts from it
  // (earnings with their thousands separated, as money is shown everywhere).
  const [typed, setTyped] = useState(earnings ? groupedPounds(stored) : stored);
  const [localError, setLocalError] = useState<string | undefined>();
  const error = localError ?? serverError ?? question.validationErrors[0];
  const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};

  const saveTyped = (value: string) => {
    const trimmed = earnings ? value.replace(/[£,\s]/g, '') : value.trim();
    const problem = quickCheck(question, trimmed);
    setLocalError(problem);
    if (!problem && trimmed !== stored) onAnswer(question.tag, trimmed);
  };

  const options = (question.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  // A typed answer is kept as typed and sent when the field is left.
  const typedField = {
    'aria-labelledby': labelId,
    ...described,
    value: typed,
    disabled,
    onChange: (event: { target: { value: string } }) => setTyped(event.target.value),
    onBlur: () => saveTyped(typed),
  };

  let control: React.ReactNode;
  switch (question.questionType) {
    case 'OPTION_GROUP':
      control = (
        <div role="radiogroup" aria-labelledby={labelId} {...described}>
          <Radio.Group
            value={stored || undefined}
            disabled={disabled}
            onChange={(event) => onAnswer(question.tag, String(event.target.value))}
            options={options}
          />
        </div>
      );
      break;
    case 'OPTION_LIST':
      control = question.multiple ? (
        <div role="group" aria-labelledby={labelId} {...described}>
          <Checkbox.Group
            value={valuesOf(stored)}
            disabled={disabled}
            onChange={(values) => onAnswer(question.tag, values.map(String).join(VALUE_SEPARATOR))}
            options={options}
          />
        </div>
      ) : (
        <FormSelect
          aria-labelledby={labelId}
          {...described}
          value={stored || undefined}
          disabled={disabled}
          style={{ minWidth: 240 }}
          onChange={(value: string) => onAnswer(question.tag, value)}
          options={options}
        />
      );
      break;
    case 'OPTION_BACKED':
      control = <BackedField question={question} branch={branch} labelId={labelId} disabled={disabled} described={described} onAnswer={onAnswer} />;
      break;
    case 'STRING':
      control = <Input.TextArea {...typedField} autoSize={{ minRows: 2, maxRows: 6 }} />;
      break;
    case 'DATE':
    case 'PAST_DATE':
    case 'FUTURE_DATE':
      // A date chosen or typed in full is saved at once, as a choice is.
      control = (
        <UkDateInput
          aria-labelledby={labelId}
          {...described}
          value={stored}
          disabled={disabled}
          range={question.questionType === 'PAST_DATE' ? 'past' : question.questionType === 'FUTURE_DATE' ? 'future' : 'any'}
          onChange={(date) => {
            if (date !== stored) onAnswer(question.tag, date);
          }}
        />
      );
      break;
    case 'NUMBER':
    case 'INTEGER':
    case 'EARNINGS':
      // No "£" in the box: the interview's question names its unit, as "Gross earnings a year (£)"
      // does, and one pound sign a field is enough.
      control = (
        <Input {...typedField} inputMode={question.questionType === 'NUMBER' ? 'decimal' : 'numeric'} style={{ maxWidth: 200 }} />
      );
      break;
    default:
      control = (
        <MeasurementField
          question={question}
          imperial={units === 'imperial'}
          labelId={labelId}
          disabled={disabled}
          described={described}
          onSave={saveTyped}
        />
      );
  }

  return (
    <div className="question-field" style={{ marginBottom: 20 }}>
      <div id={labelId} style={{ marginBottom: 6, fontWeight: 500 }}>
        {question.text} {optional && <Typography.Text type="secondary">{t.optional}</Typography.Text>}
      </div>
      {control}
      {error && (
        <div id={errorId} role="alert" className="question-field__error" style={{ color: '#a8071a', marginTop: 4 }}>
          {error}
        </div>
      )}
    </div>
  );
}

interface BackedFieldProps {
  question: Question;
  branch: string;
  labelId: string;
  disabled: boolean;
  described: Record<string, unknown>;
  onAnswer: (tag: string, value: string) => void;
}

/**
 * How many of a look-up's matches are listed at once: few enough that the open list never scrolls
 * (a scrolling list is a region the keyboard cannot reach, axe `scrollable-region-focusable`,
 * issue 50), with a word below the box to type more when the look-up found more.
 */
const LISTED = 8;
/** Room for each listed match, a little over antd's 32 px row, so the list never scrolls. */
const ROW_HEIGHT = 40;

/** A question answered from a searchable list: conditions or occupations (§7 lookupQuestionOption). */
function BackedField({ question, branch, labelId, disabled, described, onAnswer }: BackedFieldProps) {
  const chosen = (question.chosen ?? []).map((o) => ({ value: o.id, label: o.name }));
  const [stem, setStem] = useState('');
  const debounced = useDebouncedValue(stem, 150);
  const lookup = useQuestionOptions(branch, question.tag, valuesOf(question.answer), debounced);
  const found = lookup.data?.options ?? [];
  // The closest matches only, the everyday name first and its classification code quietly after
  // it. What is already chosen shows as the box's value, not again in the list.
  const options = found.slice(0, LISTED).map((o) => ({
    value: o.id,
    label: o.code ? (
      <span>
        {o.name}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {o.code}
        </Typography.Text>
      </span>
    ) : (
      o.name
    ),
  }));
  const sample = lookup.data?.isSample ?? false;
  const busy = lookup.isFetching;
  const status =
    stem.trim() === '' ? null : busy ? t.searching : !lookup.data ? null : found.length === 0 ? t.noMatches : found.length > LISTED ? t.moreMatches(LISTED) : null;
  // With nothing to list, no list is open: the box says so rather than pointing at a missing list.
  const collapsed = options.length === 0 ? { 'aria-expanded': false, 'aria-activedescendant': undefined } : {};

  return (
    <>
      <FormSelect<Labelled | Labelled[]>
        aria-labelledby={labelId}
        {...described}
        {...collapsed}
        mode={question.multiple ? 'multiple' : undefined}
        showSearch
        labelInValue
        filterOption={false}
        value={question.multiple ? chosen : chosen[0]}
        disabled={disabled}
        placeholder={t.search}
        style={{ width: '100%', maxWidth: 480 }}
        virtual={false}
        listHeight={Math.max(options.length, 1) * ROW_HEIGHT}
        // An empty list is never shown (an open listbox without options fails axe, issue 50):
        // what the search is doing is said below the box instead.
        notFoundContent={null}
        onSearch={setStem}
        onChange={(value) => {
          setStem('');
          const ids = (Array.isArray(value) ? value : [value]).map((v) => v.value);
          onAnswer(question.tag, ids.join(VALUE_SEPARATOR));
        }}
        options={options}
      />
      <div role="status" className="question-field__lookup-status">
        {status}
      </div>
      {sample && (
        <div>
          <Typography.Text type="secondary">{t.sample}</Typography.Text>
        </div>
      )}
    </>
  );
}

/** A chosen option as the look-up's box holds it: its id and what it is called. */
interface Labelled {
  value: string;
  label: React.ReactNode;
}

interface MeasurementFieldProps {
  question: Question;
  imperial: boolean;
  labelId: string;
  disabled: boolean;
  described: Record<string, unknown>;
  onSave: (value: string) => void;
}

/**
 * Height, weight or waist in the units its units question chose: one box in metric, feet and
 * inches or stones and pounds in imperial. Sent as typed, the two boxes separated by a space.
 */
function MeasurementField({ question, imperial, labelId, disabled, described, onSave }: MeasurementFieldProps) {
  const boxes = boxesOf(question.questionType, imperial);
  // §5 "Max input lengths": metre 6, feet 1, inch 2, kilo 6, stone 2, pound 2 (and J10's waist).
  const lengths = measurementFields(question.questionType as Measurement, imperial ? 'imperial' : 'metric').map((field) => maxLengths[field]);
  const stored = question.answer ?? '';
  const [parts, setParts] = useState<string[]>(stored.split(/\s+/));
  const value = (all: string[]) => {
    const [major = '', minor = ''] = all.map((p) => p.trim());
    if (boxes.length === 1) return major;
    return major === '' && minor === '' ? '' : `${major || '0'} ${minor || '0'}`;
  };
  return (
    <div role="group" aria-labelledby={labelId} {...described} style={{ display: 'flex', gap: 8 }}>
      {boxes.map((unit, index) => (
        <Input
          key={unit}
          aria-label={`${question.text} (${unit})`}
          inputMode="decimal"
          suffix={unit}
          maxLength={lengths[index]}
          value={parts[index] ?? ''}
          disabled={disabled}
          style={{ maxWidth: 140 }}
          onChange={(event) => setParts(boxes.map((_, i) => (i === index ? event.target.value : (parts[i] ?? ''))))}
          onBlur={() => onSave(value(parts))}
        />
      ))}
    </div>
  );
}
