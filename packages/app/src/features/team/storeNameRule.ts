import { firstIssueMessage, storeNameSchema } from '@inventory/contract';

/**
 * The store name's own rule (the contract's schema): the message, or null. Loaded by the team sagas when a name is
 * checked, so zod stays out of the app's first load.
 */
export function storeNameProblem(name: string): string | null {
  const parsed = storeNameSchema.safeParse({ name });
  return parsed.success ? null : firstIssueMessage(parsed.error);
}
