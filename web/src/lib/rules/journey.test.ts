import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns } from '@/app/paths';
import { stageLabels, type ApplicationStage } from '../application-stage';
import { cases } from '@/test/vectors';
import {
  allTabsComplete,
  pageKeys,
  pageStatusesFromSections,
  stagePageKeys,
  stageRoutes,
  stepLabel,
  stepPath,
  stepState,
  stepStates,
  steps,
  type JourneyState,
  type PageKey,
  type PageStatuses,
  type Section,
  type StepId,
} from './journey';

interface JourneyCase {
  kind: 'route' | 'step' | 'tabs' | 'sections';
  note: string;
  status?: ApplicationStage;
  isQuoteEditable?: boolean;
  pages?: PageStatuses;
  applicationId?: number;
  step?: StepId;
  sections?: Section[];
  expected: unknown;
}

function actual(c: JourneyCase): unknown {
  switch (c.kind) {
    case 'route': {
      const status = c.status ?? 'CREATE_QUOTE';
      const step = stageRoutes[status];
      return { step, pageKey: stagePageKeys[status], label: stageLabels[status] };
    }
    case 'step': {
      const step = c.step ?? 'clientDetails';
      return { label: stepLabel(step), order: steps.findIndex((s) => s.id === step) };
    }
    case 'tabs': {
      const state: JourneyState = {
        status: c.status ?? 'CREATE_QUOTE',
        isQuoteEditable: c.isQuoteEditable ?? true,
        pages: c.pages ?? pageStatusesFromSections([]),
      };
      const byStep = Object.fromEntries(
        stepStates(state).map((tab) => [tab.step, { enabled: tab.enabled, locked: tab.locked, complete: tab.complete }]),
      );
      return { steps: byStep, allTabsComplete: allTabsComplete(state.pages) };
    }
    case 'sections':
      return pageStatusesFromSections(c.sections ?? []);
  }
}

describe('journey vectors shared with the Rust domain', () => {
  const all = cases<JourneyCase>('journey');

  it('has dozens of cases', () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
  });

  it.each(all.map((c, i) => [`${String(i)} ${c.kind}: ${c.note}`, c] as const))('%s', (_name, c) => {
    expect(actual(c)).toEqual(c.expected);
  });
});

describe('step addresses come from the route table (J22, EP7)', () => {
  it.each([
    ['clientDetails', '/application/100001/client-details'],
    ['quote', '/application/100001/quote'],
    ['contactDetails', '/application/100001/contact-details'],
    ['application', '/application/100001/application'],
    ['amra', '/application/100001/amra'],
    ['decision', '/application/100001/decision'],
    ['setup', '/application/100001/set-up'],
    ['review', '/application/100001/review'],
    ['complete', '/application/100001/complete'],
  ] as const)('%s is %s, a page the router has', (step, path) => {
    expect(stepPath(100001, step)).toBe(path);
    const patterns = Object.values(routePatterns).filter((pattern) => pattern.startsWith('/application/'));
    expect(patterns.some((pattern) => matchPath(pattern, path))).toBe(true);
  });

  it('Underwriting and Decision stages open the decision page; Went on Risk, Complete', () => {
    expect(stepPath(7, stageRoutes.UNDERWRITING)).toBe(paths.decision(7));
    expect(stepPath(7, stageRoutes.WENT_ON_RISK)).toBe(paths.complete(7));
  });
});

describe('tab rules over every combination', () => {
  const stages: ApplicationStage[] = ['CREATE_QUOTE', 'QUOTE', 'APPLY', 'UNDERWRITING', 'DECISION', 'WENT_ON_RISK'];
  const states: JourneyState[] = [];
  for (const status of stages) {
    for (const isQuoteEditable of [false, true]) {
      for (let mask = 0; mask < 64; mask += 1) {
        const pages = Object.fromEntries(pageKeys.map((key, bit) => [key, (mask & (1 << bit)) !== 0])) as Record<PageKey, boolean>;
        states.push({ status, isQuoteEditable, pages });
      }
    }
  }

  it('opens every tab once on risk', () => {
    for (const state of states.filter((s) => s.status === 'WENT_ON_RISK')) {
      for (const tab of stepStates(state)) expect(tab.enabled && !tab.locked).toBe(true);
    }
  });

  it('locks a tab only during underwriting or, for client details, when the quote is not editable', () => {
    for (const state of states) {
      for (const tab of stepStates(state).filter((t) => t.locked)) {
        expect(state.status === 'UNDERWRITING' || (tab.step === 'clientDetails' && !state.isQuoteEditable)).toBe(true);
      }
    }
  });

  it('opens the stage route whenever every page is complete', () => {
    for (const status of stages) {
      const pages = pageStatusesFromSections(pageKeys.map((id) => ({ id, isComplete: true })));
      expect(stepState({ status, isQuoteEditable: true, pages }, stageRoutes[status]).enabled).toBe(true);
    }
  });
});
