import { indentClass, indentFromClass } from './indent';
import { alignmentFromQuillClass, declarationsFromQuillClass } from './quill';
import {
  alignmentStyle,
  declaredAlignment,
  declarationText,
  spanDeclaration,
  spanDeclarations,
  RICH_TEXT_SPAN_PROPERTIES,
  writtenAlignment,
  type RichTextDeclaration,
} from './styles';
import { RICH_TEXT_INLINE_TAGS, RICH_TEXT_TAGS, RICH_TEXT_TEXT_BLOCK_TAGS, type RichTextTag } from './tags';

/**
 * The attributes each tag may keep. Their values are decided by the helpers beside this file:
 * class and style by formatBlockAttributes (text blocks) and formatSpanDeclarations (span), href by safeHref,
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
 * A style attribute as the format writes it on a tag: a span's one declaration, a text block's alignment (from its
 * style, else from a Quill `ql-align-*` class in `className`); '' when nothing of it is kept.
 */
export function formatStyle(tag: RichTextTag, value: string | null | undefined, className?: string | null): string {
  if (tag === 'span') {
    const declaration = spanDeclaration(value);
    return declaration ? declarationText(declaration) : '';
  }
  if (!(RICH_TEXT_TEXT_BLOCK_TAGS as readonly string[]).includes(tag)) return '';
  // An inline style outranks a class, as in CSS.
  const alignment = writtenAlignment(declaredAlignment(value) ?? alignmentFromQuillClass(className));
  return alignment ? alignmentStyle(alignment) : '';
}

/**
 * A text block's class and style as the format writes them, from the element's attributes in the order given:
 * its indent as the class, its alignment (from style or Quill's class) as the style. When only a class gives the
 * alignment, the style follows the class. Every other attribute goes.
 */
export function formatBlockAttributes(
  tag: RichTextTag,
  attributes: Iterable<readonly [string, string]>,
): Array<[string, string]> {
  const given = new Map<string, string>();
  for (const [name, value] of attributes) {
    const lower = name.toLowerCase();
    if (!given.has(lower)) given.set(lower, value);
  }
  const className = given.get('class');
  const written: Array<[string, string]> = [];
  for (const name of given.keys()) {
    if (name === 'class') written.push(['class', formatClass(className)]);
    if (name === 'style' || (name === 'class' && !given.has('style'))) {
      written.push(['style', formatStyle(tag, given.get('style'), className)]);
    }
  }
  return written.filter(([, value]) => value !== '');
}

/**
 * The format's declarations a foreign span carries, one per property, from its style and from Quill's `ql-size-*`
 * and `ql-font-*` classes (the style outranks a class, as in CSS), in the editor's nesting order. The format writes
 * them as nested spans of one declaration each; none means the span goes and its text stays.
 */
export function formatSpanDeclarations(
  style: string | null | undefined,
  className: string | null | undefined,
): RichTextDeclaration[] {
  const fromStyle = spanDeclarations(style);
  const fromClass = declarationsFromQuillClass(className).filter(
    (declaration) => !fromStyle.some((d) => d.property === declaration.property),
  );
  const all = [...fromStyle, ...fromClass];
  return RICH_TEXT_SPAN_PROPERTIES.flatMap((property) => all.filter((d) => d.property === property));
}

/** The opening tags of nested spans, outermost first, and the closing tags that end them. */
export function spanTags(declarations: readonly RichTextDeclaration[]): { open: string; close: string } {
  return {
    open: declarations.map((d) => `<span style="${declarationText(d)}">`).join(''),
    close: '</span>'.repeat(declarations.length),
  };
}

/**
 * Bold, italic, underline and strike: Quill writes the colour, background, size or font of such a run on the element
 * itself (`<strong style="color: rgb(230, 0, 0);">`). The format keeps them as spans around it, outermost first (its
 * nesting: spans outside strong, em, u, s), so a bold red word stays bold and red. Its declarations are read as a
 * span's (formatSpanDeclarations); a link's style still goes.
 */
export type RichTextStyledInlineTag = keyof typeof RICH_TEXT_INLINE_TAGS;

export function isStyledInlineTag(tag: RichTextTag | null): tag is RichTextStyledInlineTag {
  return tag !== null && Object.hasOwn(RICH_TEXT_INLINE_TAGS, tag);
}

