/** Why goods come back (docs/decisions/0039): apart from returns.ts so the answer schemas read them without its rules. */
export const RETURN_REASONS = ['damaged', 'defective', 'wrong_item', 'not_wanted', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  defective: 'Defective',
  wrong_item: 'Wrong item',
  not_wanted: 'Not wanted',
  other: 'Other',
};
