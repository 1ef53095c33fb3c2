import type { Schemas } from './api-client';

export type ApplicationStage = Schemas['ApplicationStage'];

/** Stage labels (spec §2), in journey order. */
export const stageLabels: Record<ApplicationStage, string> = {
  CREATE_QUOTE: 'Pre-quote',
  QUOTE: 'Quote',
  APPLY: 'Apply',
  UNDERWRITING: 'Underwriting',
  DECISION: 'Decision',
  WENT_ON_RISK: 'Went on risk',
};

export const applicationStages = Object.keys(stageLabels) as ApplicationStage[];

/** The stages In Progress lists: a case in force is found under Policyholders (domain `ApplicationStage::IN_PROGRESS`). */
export const inProgressStages: readonly ApplicationStage[] = applicationStages.filter((stage) => stage !== 'WENT_ON_RISK');

/** Tag colours; the label always says the stage too, so colour is never the only signal. */
export const stageColours: Record<ApplicationStage, string> = {
  CREATE_QUOTE: 'default',
  QUOTE: 'blue',
  APPLY: 'geekblue',
  UNDERWRITING: 'gold',
  DECISION: 'purple',
  WENT_ON_RISK: 'green',
};

export function stageLabel(stage: string): string {
  return stage in stageLabels ? stageLabels[stage as ApplicationStage] : stage;
}
