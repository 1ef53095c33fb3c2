import { Button, DatePicker, Form, Typography } from 'antd';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { DATE_FORMATS, dayjs, parseIsoDate, toIsoDate, type Dayjs } from '@/lib/dayjs';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { INVALID_DATE, ukToday, validUntilBounds } from '@/lib/rules/dates';
import { useSetQuoteDate } from '../api/set-quote-date';
import type { Application } from '../../shared/application-model';
import { contactDetailsStrings } from '../strings';
import { useMessage } from '@/components/feedback';
import { useFieldMessage } from '@/components/field-message';
import { ProblemList } from '@/components/problem-list';
import { ExpiredQuoteAlert } from '../../shared/components/expired-quote-alert';

const t = contactDetailsStrings.application;

/** The text in the picker's box (the event's target is its input). */
function typedText(target: EventTarget): string {
  return target instanceof HTMLInputElement ? target.value : '';
}

interface QuoteValidityProps {
  application: Application;
  /** §6 overrideQuoteDate: the date may run to 90 days after the quote instead of 30. */
  mayOverride: boolean;
  locked: boolean;
  pricing: boolean;
  /** Why the server would not price, when it said so. */
  priceProblems: string[] | null;
  onPrice: () => void;
}

/**
 * The quote's total a month and how long it is valid: the valid-until date, which the adviser may
 * move from today to 30 days after the quote was created (90 with overrideQuoteDate), saved when
 * chosen; an expired quote is re-priced from here.
 */
export function QuoteValidity({ application, mayOverride, locked, pricing, priceProblems, onPrice }: QuoteValidityProps) {
  const setDate = useSetQuoteDate(application.id);
  const message = useMessage();
  const [typedError, setTypedError] = useState<string | null>(null);
  const pickerId = useId();
  const quote = application.quote;
  const bounds = quote ? validUntilBounds(quote.quoteCreatedDate, ukToday(), mayOverride) : null;
  const outside = (iso: string) => bounds === null || iso < bounds[0] || iso > bounds[1];

  /** A date typed (not picked) outside the bounds is not taken by the picker: say why. */
  const checkTyped = (text: string) => {
    const typed = dayjs(text.trim(), DATE_FORMATS, true);
    if (typed.isValid()) setTypedError(outside(toIsoDate(typed)) ? INVALID_DATE : null);
  };

  const change = async (date: Dayjs | null) => {
    if (!date) return;
    const iso = toIsoDate(date);
    if (outside(iso)) {
      setTypedError(INVALID_DATE);
      return;
    }
    setTypedError(null);
    try {
      await setDate.mutateAsync(iso);
      void message.success(t.validUntilSaved);
    } catch {
      // Shown under the field.
    }
  };

  let serverError: string | null = null;
  if (isApiError(setDate.error)) serverError = setDate.error.fieldErrors[0]?.message ?? setDate.error.message;
  else if (setDate.isError) serverError = t.genericError;
  const error = typedError ?? serverError;
  const shown = setDate.isPending ? parseIsoDate(setDate.variables) : parseIsoDate(application.validUntil);
  const canPrice = !locked && !pricing && application.isQuoteEditable && application.priceReadiness === 'ready';
  const validUntilMessage = useFieldMessage(
    error ?? (locked || !bounds ? undefined : t.validUntilHelp(formatDate(bounds[0]), formatDate(bounds[1]))),
    error !== null,
  );

  return (
    <div className="quote-validity">
      <div aria-live="polite" aria-busy={pricing}>
        <Typography.Text type="secondary">{t.totalLabel}</Typography.Text>
        <Typography.Paragraph className="quote-validity__total">
          {pricing ? t.pricing : quote ? t.total(formatMoneyWithPence(quote.premium)) : t.notPriced}
        </Typography.Paragraph>
        {quote && application.validUntil && <Typography.Paragraph>{t.validUntil(formatDate(application.validUntil))}</Typography.Paragraph>}
      </div>
      {application.isQuoteExpired && (
        <ExpiredQuoteAlert
          expiredOn={application.quoteExpiredOn}
          texts={{ title: t.expiredTitle, description: t.expired, priceAgain: t.reprice }}
          priceAgain={locked ? undefined : { disabled: !canPrice, loading: pricing, onClick: onPrice }}
        />
      )}
      {priceProblems && <ProblemList title={t.cannotPrice} problems={priceProblems} style={{ marginBottom: 16 }} />}
      {!quote && !application.isQuoteExpired && canPrice && (
        <Button type="primary" onClick={onPrice} style={{ marginBottom: 16 }}>
          {t.priceNow}
        </Button>
      )}
      {quote && bounds && (
        <Form.Item
          label={t.validUntilLabel}
          htmlFor={pickerId}
          validateStatus={error ? 'error' : undefined}
          help={validUntilMessage.help}
        >
          <DatePicker
            id={pickerId}
            {...validUntilMessage.fieldProps}
            format={DATE_FORMATS}
            placeholder={t.validUntilPlaceholder}
            value={shown}
            allowClear={false}
            disabled={locked || setDate.isPending}
            disabledDate={(date) => outside(toIsoDate(date))}
            onChange={(date) => void change(date)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') checkTyped(typedText(event.target));
            }}
            onBlur={(event) => checkTyped(typedText(event.target))}
            style={{ width: '100%', maxWidth: 240 }}
          />
        </Form.Item>
      )}
    </div>
  );
}
