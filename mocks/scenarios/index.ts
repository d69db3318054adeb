/**
 * The shared API scenarios: they run against the MSW handlers (mocks/test/scenarios.msw.test.ts) and against the
 * real server (the server's runner), so the mocks behind the stories cannot drift from what the server does.
 * They assert only what the server guarantees: status codes, messages and shapes.
 *
 * A runner:
 *   for (const scenario of scenarios) {
 *     it(scenario.name, () =>
 *       scenario.run(createScenarioClient(baseUrl), { readResetLink }));
 *   }
 */
import { userScenarios } from './users';
import type { Scenario } from './types';

export {
  createScenarioClient,
  parseSetCookie,
  raw,
  type RawBody,
  type ScenarioClient,
  type ScenarioClientOptions,
  type ScenarioResponse,
} from './client';
export type { Scenario, ScenarioContext } from './types';
export { resetTokenFromLink, uniqueEmail } from './users';

/** Every scenario, in order. Later features append their own arrays. */
export const scenarios: Scenario[] = [...userScenarios];
