import { RICH_TEXT_FONT_FAMILIES, RICH_TEXT_FONT_SIZES, isAlignment, type RichTextAlignment, type RichTextDeclaration } from './styles';

/*
 * Quill (the editor of the original client, and of many others) writes alignment, size and font as classes:
 * `ql-align-center|right|justify` on a text block, `ql-size-small|large|huge` and `ql-font-serif|monospace` on a
 * span. Their names are the toolbar's names the format already uses, so each class reads as the style the format
 * keeps (text-align, font-size, font-family). Indent classes (`ql-indent-N`) are the format's own (indent.ts).
 * Any other class means nothing to the format and is ignored.
 */

export const QUILL_ALIGN_CLASS_PREFIX = 'ql-align-';
export const QUILL_SIZE_CLASS_PREFIX = 'ql-size-';
export const QUILL_FONT_CLASS_PREFIX = 'ql-font-';

/** The names in a class attribute, in order. */
export function classNames(value: string | null | undefined): string[] {
  return (value ?? '').split(/[\t\n\f\r ]+/).filter((name) => name !== '');
}

/** The suffixes of the classes that start with a prefix, in order, lower case. */
function suffixes(value: string | null | undefined, prefix: string): string[] {
  return classNames(value)
    .map((name) => name.toLowerCase())
    .filter((name) => name.startsWith(prefix))
    .map((name) => name.slice(prefix.length));
}

/** The alignment a block's Quill class gives (the last valid one), or undefined when none does. */
export function alignmentFromQuillClass(value: string | null | undefined): RichTextAlignment | undefined {
  return suffixes(value, QUILL_ALIGN_CLASS_PREFIX).filter(isAlignment).pop();
}

function fromNames<T extends Record<string, string>>(names: T, suffix: string): string | undefined {
  return Object.hasOwn(names, suffix) ? names[suffix] : undefined;
}

/** The font family and size a span's Quill classes give (the last valid of each), as the format's declarations. */
export function declarationsFromQuillClass(value: string | null | undefined): RichTextDeclaration[] {
  const family = suffixes(value, QUILL_FONT_CLASS_PREFIX)
    .map((suffix) => fromNames(RICH_TEXT_FONT_FAMILIES, suffix))
    .filter((css) => css !== undefined)
    .pop();
  const size = suffixes(value, QUILL_SIZE_CLASS_PREFIX)
    .map((suffix) => fromNames(RICH_TEXT_FONT_SIZES, suffix))
    .filter((css) => css !== undefined)
    .pop();
  return [
    ...(family ? [{ property: 'font-family' as const, value: family }] : []),
    ...(size ? [{ property: 'font-size' as const, value: size }] : []),
  ];
}
