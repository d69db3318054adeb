/** Indent levels 1 to 8, written as the class `ql-indent-N` on a text block; 0 means not indented. */
export const RICH_TEXT_INDENT_CLASS_PREFIX = 'ql-indent-';
export const RICH_TEXT_MIN_INDENT = 1;
export const RICH_TEXT_MAX_INDENT = 8;

export const RICH_TEXT_INDENT_CLASSES = Array.from(
  { length: RICH_TEXT_MAX_INDENT - RICH_TEXT_MIN_INDENT + 1 },
  (_, i) => `${RICH_TEXT_INDENT_CLASS_PREFIX}${RICH_TEXT_MIN_INDENT + i}`,
);

/** A level as the format keeps it: a whole number from 0 (none) to 8. */
export function clampIndent(level: number): number {
  if (!Number.isFinite(level)) return 0;
  return Math.min(RICH_TEXT_MAX_INDENT, Math.max(0, Math.trunc(level)));
}

const INDENT_CLASS = new RegExp(`^${RICH_TEXT_INDENT_CLASS_PREFIX}(\\d+)$`);

/**
 * The level of a class attribute: its last `ql-indent-N` class (other classes, such as Quill's `ql-align-center`,
 * are read elsewhere or ignored). Deeper levels from elsewhere are clamped to 8.
 */
export function indentFromClass(value: string | null | undefined): number {
  const level = (value ?? '')
    .split(/[\t\n\f\r ]+/)
    .map((name) => INDENT_CLASS.exec(name)?.[1])
    .filter((digits) => digits !== undefined)
    .pop();
  return level === undefined ? 0 : clampIndent(Number(level));
}

/** The class written for a level ('' for none). */
export function indentClass(level: number): string {
  const clamped = clampIndent(level);
  return clamped > 0 ? `${RICH_TEXT_INDENT_CLASS_PREFIX}${clamped}` : '';
}
