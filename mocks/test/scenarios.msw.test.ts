import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { latestInvitationLink, latestResetLink, resetMockDb } from '../src';
import { server } from '../src/node';
import { createRouteCoverage, createScenarioClient, scenarios, type ScenarioContext } from '../scenarios';
import { checkMockedAnswers } from './support/openapi';

/**
 * Every shared scenario against the MSW handlers. Each scenario and each `newSession()` gets its own host: MSW keeps
 * mocked cookies per host and replays them to requests without them, which would otherwise join separate "browsers".
 */
const ctx: ScenarioContext = {
  readResetLink: async (email) => {
    const link = latestResetLink(email);
    if (!link) throw new Error(`No reset mail to ${email} in the mock outbox`);
    return link;
  },
  readInvitationLink: async (email) => {
    const link = latestInvitationLink(email);
    if (!link) throw new Error(`No invitation mail to ${email} in the mock outbox`);
    return link;
  },
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetMockDb());
afterEach(() => server.resetHandlers());
// Every mocked answer must match the server's OpenAPI description, as the server's own answers do.
const answers = checkMockedAnswers(server);
afterEach(async () => expect(await answers.take()).toEqual([]));
afterAll(() => server.close());

describe('API scenarios against the MSW handlers', () => {
  const coverage = createRouteCoverage();
  scenarios.forEach((scenario, index) => {
    it(scenario.name, () =>
      scenario.run(
        createScenarioClient(`http://scenario-${index}.mock.test`, {
          sessionBaseUrl: (n) => `http://scenario-${index}-session-${n}.mock.test`,
          onResponse: coverage.observe,
        }),
        ctx,
      ),
    );
  });

  // Runs after every scenario above (a file's tests run in order).
  it('every route of the API description is answered with a success by a shared scenario', () => {
    expect(coverage.missing()).toEqual([]);
  });
});
