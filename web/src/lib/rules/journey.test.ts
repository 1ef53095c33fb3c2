import { describe, expect, it } from 'vitest';
import { stageLabels, type ApplicationStage } from '../application-stage';
import { cases } from '@/test/vectors';
import {
  allTabsComplete,
  pageKeys,
  pageStatusesFromSections,
  routes,
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
  type RouteName,
  type Section,
  type StepId,
} from './journey';

interface JourneyCase {
  kind: 'route' | 'step' | 'tabs' | 'sections' | 'signIn';
  note: string;
  status?: ApplicationStage;
  isQuoteEditable?: boolean;
  pages?: PageStatuses;
  applicationId?: number;
  step?: StepId;
  sections?: Section[];
  route?: RouteName;
  expected: unknown;
}

function actual(c: JourneyCase): unknown {
  const id = c.applicationId ?? 0;
  switch (c.kind) {
    case 'route': {
      const status = c.status ?? 'CREATE_QUOTE';
      const step = stageRoutes[status];
      return { step, path: stepPath(id, step), pageKey: stagePageKeys[status], label: stageLabels[status] };
    }
    case 'step': {
      const step = c.step ?? 'clientDetails';
      return { label: stepLabel(step), path: stepPath(id, step), order: steps.findIndex((s) => s.id === step) };
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
    case 'signIn':
      return routes[c.route ?? 'notFound'];
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
