import { indentClass, indentFromClass } from './indent';
import { alignmentFromStyle, alignmentStyle, declarationText, spanDeclaration } from './styles';
import { RICH_TEXT_TAGS, RICH_TEXT_TEXT_BLOCK_TAGS, type RichTextTag } from './tags';

/**
 * The attributes each tag may keep. Their values are decided by the helpers beside this file:
 * class by indentFromClass, style by alignmentFromStyle (text blocks) and spanDeclaration (span), href by safeHref,
 * src by isSafeImageSrc; alt is any text (written "" when missing), href is written "" when refused.
 */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<RichTextTag, readonly string[]>> = {
  ...(Object.fromEntries(RICH_TEXT_TAGS.map((tag) => [tag, []])) as unknown as Record<RichTextTag, readonly string[]>),
  ...Object.fromEntries(RICH_TEXT_TEXT_BLOCK_TAGS.map((tag) => [tag, ['class', 'style']])),
  img: ['src', 'alt'],
  a: ['href'],
  span: ['style'],
};

/** Attributes the format always writes, even empty: a blanked link (href="") and an image without alt (alt=""). */
export const RICH_TEXT_ALWAYS_WRITTEN_ATTRIBUTES = { a: ['href'], img: ['alt'] } as const;

export function isAllowedAttribute(tag: RichTextTag, attribute: string): boolean {
  return RICH_TEXT_ATTRIBUTES[tag].includes(attribute.toLowerCase());
}

/** A class attribute as the format writes it: one `ql-indent-N`, or '' when the attribute is not the format's. */
export function formatClass(value: string | null | undefined): string {
  return indentClass(indentFromClass(value));
}

/**
 * A style attribute as the format writes it on a tag: a span's one declaration, a text block's alignment; '' when
 * nothing of it is kept (a span left without a style is not the format's, and only its text stays).
 */
export function formatStyle(tag: RichTextTag, value: string | null | undefined): string {
  if (tag === 'span') {
    const declaration = spanDeclaration(value);
    return declaration ? declarationText(declaration) : '';
  }
  const alignment = (RICH_TEXT_TEXT_BLOCK_TAGS as readonly string[]).includes(tag) ? alignmentFromStyle(value) : null;
  return alignment ? alignmentStyle(alignment) : '';
}
