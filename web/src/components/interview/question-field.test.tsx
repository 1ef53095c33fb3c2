import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/lib/api-client';
import { json, stubApi } from '@/test/fetch-stub';
import { axeViolations } from '@/test/axe';
import { createTestQueryClient } from '@/test/render';
import { QuestionField } from './question-field';

function question(overrides: Partial<Schemas['Question']>): Schemas['Question'] {
  return { tag: 'Q', text: 'Question', questionType: 'STRING', isSatisfied: false, validationErrors: [], multiple: false, ...overrides };
}

function renderField(asked: Schemas['Question']) {
  const onAnswer = vi.fn();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <QuestionField question={asked} branch="adviser" units={undefined} serverError={undefined} disabled={false} optional={false} onAnswer={onAnswer} />
    </QueryClientProvider>,
  );
  return onAnswer;
}

describe('an interview date question', () => {
  it('reads a typed date in British order whatever the browser, and sends it as the API writes dates', async () => {
    const onAnswer = renderField(question({ tag: 'GP_REGISTERED_SINCE', text: 'Date registered with the GP', questionType: 'PAST_DATE' }));
    const field = screen.getByRole('textbox', { name: 'Date registered with the GP' });
    expect(field).toHaveAttribute('placeholder', 'DD/MM/YYYY');

    await userEvent.type(field, '06/01/2015');
    await userEvent.tab();

    expect(onAnswer).toHaveBeenCalledWith('GP_REGISTERED_SINCE', '2015-01-06');
  });

  it('shows a saved date as dd/mm/yyyy', () => {
    renderField(question({ tag: 'GP_REGISTERED_SINCE', text: 'Date registered with the GP', questionType: 'PAST_DATE', answer: '2015-01-06', isSatisfied: true }));
    expect(screen.getByRole('textbox', { name: 'Date registered with the GP' })).toHaveValue('06/01/2015');
  });
});

describe('an earnings question', () => {
  it('shows the saved amount with its thousands separated, and sends a typed amount without them', async () => {
    const onAnswer = renderField(question({ tag: 'EARNINGS', text: 'Gross earnings a year (£)', questionType: 'EARNINGS', answer: '36000', isSatisfied: true }));
    const field = screen.getByRole('textbox', { name: 'Gross earnings a year (£)' });
    expect(field).toHaveValue('36,000');
    // One pound sign for the field: the question's own "(£)", not a second one in the box.
    expect(field.closest('.question-field')?.textContent.match(/£/g)).toHaveLength(1);

    await userEvent.click(field);
    await userEvent.tab();
    expect(onAnswer).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '£40,500');
    await userEvent.tab();
    expect(onAnswer).toHaveBeenCalledWith('EARNINGS', '40500');
  });
});

describe('a condition found in the list', () => {
  it('is offered by its everyday name, with its classification code shown quietly after it', async () => {
    stubApi([
      {
        method: 'GET',
        path: /\/api\/v1\/underwriting\/lookupQuestionOption\//,
        respond: () => json({ options: [{ id: 'everyday-asthma', name: 'Asthma', category: 'asthma', code: 'J45' }], isSample: true }),
      },
    ]);
    renderField(question({ tag: 'CONDITIONS', text: 'Which conditions?', questionType: 'OPTION_BACKED', backedBy: 'conditions', multiple: true }));

    await userEvent.type(screen.getByRole('combobox', { name: 'Which conditions?' }), 'asthma');

    const code = await screen.findByText('J45');
    expect(code).toHaveClass('ant-typography-secondary');
    expect(code.closest('.ant-select-item-option')).toHaveTextContent(/^Asthma J45$/);
  });
});

describe('a look-up that finds nothing', () => {
  it('says so below the box, with no empty list shown inside it', async () => {
    stubApi([
      {
        method: 'GET',
        path: /\/api\/v1\/underwriting\/lookupQuestionOption\//,
        respond: () => json({ options: [], isSample: true }),
      },
    ]);
    renderField(question({ tag: 'CONDITIONS', text: 'Which conditions?', questionType: 'OPTION_BACKED', backedBy: 'conditions', multiple: true }));

    await userEvent.type(screen.getByRole('combobox', { name: 'Which conditions?' }), 'zzzz');

    expect(await screen.findByText('Nothing found; try another word')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Which conditions?' })).toHaveAttribute('aria-expanded', 'false');
    const rules = (await axeViolations(document.body)).map((violation) => violation.id);
    expect(rules).not.toContain('aria-required-children');
    expect(rules).not.toContain('aria-allowed-attr');
    expect(rules).not.toContain('aria-valid-attr-value');
  });
});

describe('a look-up that finds more than it lists', () => {
  it('lists the eight closest, says how to find the others, and the open list does not scroll', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `Pain ${String(i + 1)}`);
    stubApi([
      {
        method: 'GET',
        path: /\/api\/v1\/underwriting\/lookupQuestionOption\//,
        respond: () => json({ options: names.map((name, i) => ({ id: `pain-${String(i)}`, name, category: 'pain' })), isSample: true }),
      },
    ]);
    renderField(question({ tag: 'CONDITIONS', text: 'Which conditions?', questionType: 'OPTION_BACKED', backedBy: 'conditions', multiple: true }));

    await userEvent.type(screen.getByRole('combobox', { name: 'Which conditions?' }), 'pain');

    expect(await screen.findByText('The 8 closest are listed; type more of the name to find others')).toHaveAttribute('role', 'status');
    const listed = document.querySelectorAll('.ant-select-item-option');
    expect([...listed].map((option) => option.textContent)).toEqual(names.slice(0, 8));
    expect(document.querySelector('.rc-virtual-list-holder')).toHaveStyle({ maxHeight: '320px' });
  });
});

describe('a chosen condition', () => {
  it('shows in the box by its name and is kept when another is chosen', async () => {
    stubApi([
      {
        method: 'GET',
        path: /\/api\/v1\/underwriting\/lookupQuestionOption\//,
        respond: () => json({ options: [{ id: 'everyday-asthma', name: 'Asthma', category: 'asthma', code: 'J45' }], isSample: true }),
      },
    ]);
    const onAnswer = vi.fn();
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <QuestionField
          question={question({
            tag: 'CONDITIONS', text: 'Which conditions?', questionType: 'OPTION_BACKED', backedBy: 'conditions', multiple: true,
            answer: 'everyday-high-blood-pressure', chosen: [{ id: 'everyday-high-blood-pressure', name: 'High blood pressure', category: 'hypertension' }],
          })}
          branch="adviser" units={undefined} serverError={undefined} disabled={false} optional={false} onAnswer={onAnswer}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('High blood pressure')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('combobox', { name: 'Which conditions?' }), 'asthma');
    await userEvent.click(await screen.findByText('Asthma'));

    expect(onAnswer).toHaveBeenCalledWith('CONDITIONS', 'everyday-high-blood-pressure|everyday-asthma');
  });
});

describe('a measurement question', () => {
  it.each([
    ['HEIGHT', 'metric', [['metres', 6]]],
    ['HEIGHT', 'imperial', [['feet', 1], ['inches', 2]]],
    ['WEIGHT_MALE', 'metric', [['kg', 6]]],
    ['WEIGHT_FEMALE', 'imperial', [['stone', 2], ['lb', 2]]],
    ['WAIST_SIZE', 'imperial', [['inches', 2]]],
    ['WAIST_SIZE', 'metric', [['cm', 6]]],
  ] as const)('takes at most §5’s characters in each %s box (%s)', async (type, units, boxes) => {
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <QuestionField question={question({ tag: type, text: 'Measure', questionType: type })} branch="adviser" units={units} serverError={undefined} disabled={false} optional={false} onAnswer={vi.fn()} />
      </QueryClientProvider>,
    );
    const inputs = screen.getAllByRole('textbox');
    expect(inputs).toHaveLength(boxes.length);
    for (const [index, [, max]] of boxes.entries()) {
      const input = inputs[index];
      if (input === undefined) throw new Error('a box per unit');
      expect(input).toHaveAttribute('maxlength', String(max));
      await userEvent.type(input, '1234567890');
      expect(input).toHaveValue('1234567890'.slice(0, max));
    }
  });
});
