import { afterAll, afterEach } from 'vitest';
import { takeViolations } from '../support/openapi';

/** Every server suite fails when an answer it produced does not match the OpenAPI description (support/openapi.ts). */
function assertAnswersDescribed() {
  const violations = takeViolations();
  if (violations.length > 0) {
    throw new Error(`${violations.length} answer(s) do not match the OpenAPI description:\n${violations.join('\n')}`);
  }
}

afterEach(assertAnswersDescribed);
afterAll(assertAnswersDescribed);
