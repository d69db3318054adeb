import type { z } from 'zod';
import { MESSAGES } from '../messages';

/** The message of the first issue, for a `{message}` error body. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MESSAGES.genericError;
  if (issue.code === 'unrecognized_keys') return `Unexpected field: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'Request body must be a JSON object';
  return issue.message;
}
