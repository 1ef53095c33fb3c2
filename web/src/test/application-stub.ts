import type { Schemas } from '@/lib/api-client';
import { json, stubApi, type Route } from './fetch-stub';
import { adviserFixture } from './fixtures';

/**
 * The network as an application page finds it: GET the application and the signed-in adviser,
 * then `more` (which a test lists to answer the page's other calls).
 */
export function stubApplication(application: Schemas['Application'], more: Route[] = [], adviser: Schemas['Adviser'] = adviserFixture()) {
  return stubApi([
    { method: 'GET', path: `/api/v1/application/${String(application.id)}`, respond: () => json(application) },
    { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviser) },
    ...more,
  ]);
}
