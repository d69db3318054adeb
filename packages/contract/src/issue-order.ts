import type { z } from 'zod';
import { MESSAGES } from './messages';
import { firstIssueMessage } from './schemas';

/**
 * SPEC.md §5 checks rules in a fixed order (required fields, then password length, then the email), while a schema
 * reports issues in field order. When several fields fail at once, these lists say which message wins.
 */
export const MESSAGE_ORDER = {
  register: [MESSAGES.allFieldsRequired, MESSAGES.passwordTooShort, MESSAGES.invalidEmail],
  login: [MESSAGES.allFieldsRequired, MESSAGES.invalidEmail],
  forgot: [MESSAGES.emailRequired, MESSAGES.invalidEmail],
  reset: [MESSAGES.passwordTooShort, MESSAGES.passwordsDoNotMatch],
  changePassword: [MESSAGES.allFieldsRequired, MESSAGES.passwordTooShort],
} as const satisfies Record<string, readonly string[]>;

/**
 * Like `firstIssueMessage`, but when several fields fail the issue whose message comes first in `order` wins.
 * A body of the wrong shape (not an object, unknown keys) is still reported first.
 */
export function issueMessageInOrder(error: z.ZodError, order: readonly string[]): string {
  const isShapeIssue = (issue: z.core.$ZodIssue) =>
    issue.code === 'unrecognized_keys' || (issue.code === 'invalid_type' && issue.path.length === 0);
  const shapeIssue = error.issues.find(isShapeIssue);
  if (shapeIssue) return firstIssueMessage({ issues: [shapeIssue] } as z.ZodError);
  const rank = (message: string) => {
    const index = order.indexOf(message);
    return index === -1 ? order.length : index;
  };
  const [chosen] = error.issues
    .map((issue, index) => ({ issue, index }))
    .sort((a, b) => rank(a.issue.message) - rank(b.issue.message) || a.index - b.index);
  return chosen ? firstIssueMessage({ issues: [chosen.issue] } as z.ZodError) : firstIssueMessage(error);
}
