/**
 * The application journey (spec §2): stage to route to page key, the steps with their labels
 * and paths, and the tab rules (enabled, locked, complete) driven by what the server reports.
 * The SPA's copy of `domain/src/journey.rs`, checked against the "journey" topic of `domain/vectors.json`;
 * readings of the spec are docs/decisions.md J22-J30. Each step's address comes from the one route
 * table, `app/paths.ts`, which the router uses too (EP7).
 */
import { paths } from '@/app/paths';
import type { ApplicationStage } from '../application-stage';

export type StepId =
  | 'clientDetails'
  | 'quote'
  | 'contactDetails'
  | 'application'
  | 'amra'
  | 'decision'
  | 'setup'
  | 'review'
  | 'complete';

/** §2's page keys, and AMRA's own page (AJ15). */
export type PageKey = 'planbuilder' | 'planquote' | 'plandetails' | 'underwriting' | 'decision' | 'setup' | 'amra';

export type PageStatuses = Record<PageKey, boolean>;

export interface Section {
  id: string;
  name?: string;
  isComplete: boolean;
}

export interface JourneyState {
  status: ApplicationStage;
  isQuoteEditable: boolean;
  pages: PageStatuses;
}

export interface StepState {
  step: StepId;
  enabled: boolean;
  locked: boolean;
  complete: boolean;
}

/** Stages in journey order. */
export const stageOrder: readonly ApplicationStage[] = ['CREATE_QUOTE', 'QUOTE', 'APPLY', 'UNDERWRITING', 'DECISION', 'WENT_ON_RISK'];

export const pageKeys: readonly PageKey[] = ['planbuilder', 'planquote', 'plandetails', 'underwriting', 'decision', 'setup', 'amra'];

interface StepInfo {
  id: StepId;
  label: string;
  /** The step's page, from the route table. */
  path: (applicationId: number | string) => string;
  page: PageKey | null;
}

/** §2 journey steps in order, then review and complete (J24); the page whose completeness each shows (J25). */
export const steps: readonly StepInfo[] = [
  { id: 'clientDetails', label: 'Client details', path: paths.clientDetails, page: 'planbuilder' },
  { id: 'quote', label: 'Quote', path: paths.quote, page: 'planquote' },
  { id: 'contactDetails', label: 'Contact details', path: paths.contactDetails, page: 'plandetails' },
  { id: 'application', label: 'Application (underwriting)', path: paths.underwriting, page: 'underwriting' },
  { id: 'amra', label: 'AMRA', path: paths.amra, page: 'amra' },
  { id: 'decision', label: 'Decision', path: paths.decision, page: 'decision' },
  { id: 'setup', label: 'Set-up', path: paths.setUp, page: 'setup' },
  { id: 'review', label: 'Review', path: paths.review, page: null },
  { id: 'complete', label: 'Complete', path: paths.complete, page: null },
];

function info(step: StepId): StepInfo {
  const found = steps.find((s) => s.id === step);
  if (!found) throw new Error(`unknown step ${step}`);
  return found;
}

export function stepLabel(step: StepId): string {
  return info(step).label;
}

/** '/application/100001/client-details', under the root folder (J22). */
export function stepPath(applicationId: number | string, step: StepId): string {
  return info(step).path(applicationId);
}

/** §2 stage-to-route table. */
export const stageRoutes: Record<ApplicationStage, StepId> = {
  CREATE_QUOTE: 'clientDetails',
  QUOTE: 'quote',
  APPLY: 'application',
  UNDERWRITING: 'decision',
  DECISION: 'decision',
  WENT_ON_RISK: 'complete',
};

/** §2 page keys of the stages; Went on Risk has none. */
export const stagePageKeys: Record<ApplicationStage, PageKey | null> = {
  CREATE_QUOTE: 'planbuilder',
  QUOTE: 'planquote',
  APPLY: 'plandetails',
  UNDERWRITING: 'underwriting',
  DECISION: 'decision',
  WENT_ON_RISK: null,
};

function noPages(): PageStatuses {
  return { planbuilder: false, planquote: false, plandetails: false, underwriting: false, decision: false, setup: false, amra: false };
}

function isPageKey(id: string): id is PageKey {
  return pageKeys.some((key) => key === id);
}

/** Reads the server's sections (J23); unknown ids are ignored, missing pages are not complete. */
export function pageStatusesFromSections(sections: readonly Section[]): PageStatuses {
  const pages = noPages();
  for (const section of sections) {
    if (isPageKey(section.id)) pages[section.id] = section.isComplete;
  }
  return pages;
}

/** §2 "All tabs count as complete when every page except setup is complete"; AMRA's page is not one of §2's (AJ15). */
export function allTabsComplete(pages: PageStatuses): boolean {
  return pageKeys.filter((key) => key !== 'setup' && key !== 'amra').every((key) => pages[key]);
}

function enabled(state: JourneyState, step: StepId): boolean {
  const pages = state.pages;
  const underwriting = state.status === 'UNDERWRITING';
  switch (step) {
    case 'clientDetails':
      return true;
    case 'quote':
      return pages.planbuilder && !underwriting;
    case 'contactDetails':
      return pages.planbuilder;
    // Set-up opens once the adviser proceeds from the decision (AJ15).
    case 'setup':
      return pages.planbuilder && pages.decision;
    case 'application': {
      const applied = stageOrder.indexOf(state.status) >= stageOrder.indexOf('APPLY');
      return (pages.underwriting || !underwriting) && (pages.planquote || applied);
    }
    case 'amra':
      return pages.planquote;
    case 'decision':
      return pages.underwriting;
    case 'review':
      return allTabsComplete(pages) && pages.setup;
    case 'complete':
      return false;
  }
}

function locked(state: JourneyState, step: StepId): boolean {
  const underwriting = state.status === 'UNDERWRITING';
  switch (step) {
    case 'clientDetails':
      return underwriting || !state.isQuoteEditable;
    // AMRA, "locked in underwriting", stays open: the underwriter's GP report needs consent
    // the adviser may only then be asked for (docs/decisions.md W3).
    case 'contactDetails':
    case 'setup':
      return underwriting;
    default:
      return false;
  }
}

/** One step's tab by the §2 rules; once went-on-risk every tab is open (J27). */
export function stepState(state: JourneyState, step: StepId): StepState {
  const onRisk = state.status === 'WENT_ON_RISK';
  const page = info(step).page;
  return {
    step,
    enabled: onRisk || enabled(state, step),
    locked: !onRisk && locked(state, step),
    complete: page === null ? onRisk : state.pages[page],
  };
}

/** Every step's tab, in journey order. */
export function stepStates(state: JourneyState): StepState[] {
  return steps.map((s) => stepState(state, s.id));
}

export const QI_STEPS = ['client-details', 'conditions', 'decision'] as const;
