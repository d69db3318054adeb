import { importErrorsAnswerSchema, type ImportErrorsAnswer } from '@inventory/contract';

/**
 * A 422 answer of the import read as its row errors, or null when it is not that shape. Loaded by the import saga when
 * such an answer arrives, so the CSV rules' schemas stay out of the app's first load.
 */
export function readRejection(data: unknown): ImportErrorsAnswer | null {
  const answer = importErrorsAnswerSchema.safeParse(data);
  return answer.success ? answer.data : null;
}
