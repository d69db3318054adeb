import {
  formatBlockAttributes,
  formatSpanDeclarations,
  declarationText,
  isEmptyRichText,
  isSafeImageSrc,
  isStyledInlineTag,
  RICH_TEXT_ALIGNMENTS,
  RICH_TEXT_ALWAYS_WRITTEN_ATTRIBUTES,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_COLOR,
  RICH_TEXT_DEFAULT_ALIGNMENT,
  RICH_TEXT_DROPPED_WITH_CONTENT,
  RICH_TEXT_FONT_FAMILIES,
  RICH_TEXT_FONT_SIZES,
  RICH_TEXT_INLINE_TAGS,
  RICH_TEXT_INDENT_CLASSES,
  RICH_TEXT_LINK_PROTOCOLS,
  RICH_TEXT_TAG_ALIASES,
  RICH_TEXT_TAGS,
  RICH_TEXT_TEXT_BLOCK_TAGS,
  safeHref,
  type RichTextTag,
} from '@inventory/contract';
import sanitizeHtml from 'sanitize-html';
import { isCanonicalDescription } from './canonical-description';

/**
 * Server-side sanitizer for product descriptions: exactly the HTML the rich-text field writes, by the contract's
 * rich-text rule set (which the editor and the mocks read too). Anything else is removed; the field's own output
 * comes back byte for byte.
 */
export { safeHref };

type Attributes = Record<string, string>;

/** A text block's attributes as the format keeps them (class and style, in the order given). */
function blockAttributes(tag: RichTextTag, attribs: Attributes): Attributes {
  return Object.fromEntries(formatBlockAttributes(tag, Object.entries(attribs)));
}

/** Separates a foreign span's declarations in its one style until splitSpans writes a span for each. */
const DECLARATION_SEPARATOR = ';';


/** The element as the format keeps it: its tag (aliases renamed) and the attributes the rule set allows. */
function formatTag(tag: RichTextTag): sanitizeHtml.Transformer {
  if ((RICH_TEXT_TEXT_BLOCK_TAGS as readonly string[]).includes(tag)) {
    return (_name, attribs) => ({ tagName: tag, attribs: blockAttributes(tag, attribs) });
  }
  if (isStyledInlineTag(tag)) {
    // Its declarations ride on its own style until wrapStyledInline writes them as spans around it.
    return (_name, attribs) => {
      const style = formatSpanDeclarations(attribs.style, attribs.class).map(declarationText).join(DECLARATION_SEPARATOR);
      const kept: Attributes = style ? { style } : {};
      return { tagName: tag, attribs: kept };
    };
  }
  switch (tag) {
    case 'a':
      return (_name, attribs) => ({ tagName: tag, attribs: { href: safeHref(attribs.href) } });
    case 'img':
      // A void element keeps its name (renaming it would swallow the next closing tag); exclusiveFilter drops it.
      return (_name, attribs) => {
        const kept: Attributes = isSafeImageSrc(attribs.src) ? { src: attribs.src, alt: attribs.alt ?? '' } : {};
        return { tagName: tag, attribs: kept };
      };
    case 'span':
      return (_name, attribs) => {
        const style = formatSpanDeclarations(attribs.style, attribs.class)
          .map(declarationText)
          .join(DECLARATION_SEPARATOR);
        // A span without a declaration is written bare and splitSpans removes it, keeping its text. (Renaming it to
        // a tag the allow-list drops would do the same, but sanitize-html then closes the next kept span with the
        // renamed tag's name.)
        const kept: Attributes = style ? { style } : {};
        return { tagName: tag, attribs: kept };
      };
    default:
      return () => ({ tagName: tag, attribs: {} });
  }
}

const oneOf = (values: readonly string[]) =>
  new RegExp(`^(?:${values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
const WRITTEN_ALIGNMENT = oneOf(RICH_TEXT_ALIGNMENTS.filter((a) => a !== RICH_TEXT_DEFAULT_ALIGNMENT));
const INLINE_TAGS = Object.keys(RICH_TEXT_INLINE_TAGS);
const SPAN_STYLES = {
  'font-family': [oneOf(Object.values(RICH_TEXT_FONT_FAMILIES))],
  'font-size': [oneOf(Object.values(RICH_TEXT_FONT_SIZES))],
  color: [RICH_TEXT_COLOR],
  'background-color': [RICH_TEXT_COLOR],
};

/** `allowedEmptyAttributes` is a sanitize-html 2.x option its type definitions do not list yet. */
const OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    // Only ever the declarations formatTag put there, for wrapStyledInline.
    ...Object.fromEntries(INLINE_TAGS.map((tag) => [tag, ['style']])),
  },
  allowedClasses: Object.fromEntries(RICH_TEXT_TEXT_BLOCK_TAGS.map((tag) => [tag, RICH_TEXT_INDENT_CLASSES])),
  allowedStyles: {
    ...Object.fromEntries(RICH_TEXT_TEXT_BLOCK_TAGS.map((tag) => [tag, { 'text-align': [WRITTEN_ALIGNMENT] }])),
    span: SPAN_STYLES,
    ...Object.fromEntries(INLINE_TAGS.map((tag) => [tag, SPAN_STYLES])),
  },
  allowedSchemes: [...RICH_TEXT_LINK_PROTOCOLS],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedEmptyAttributes: Object.values(RICH_TEXT_ALWAYS_WRITTEN_ATTRIBUTES).flat(),
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED_WITH_CONTENT],
  parseStyleAttributes: true,
  transformTags: Object.fromEntries(
    [...RICH_TEXT_TAGS.map((tag) => [tag, tag] as const), ...Object.entries(RICH_TEXT_TAG_ALIASES)].map(
      ([name, tag]) => [name, formatTag(tag)],
    ),
  ),
  // An image without an allowed source goes; so does a figure left without an image, with its content. A dropped
  // image is never counted among its parent's media children (sanitize-html counts only what it keeps).
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !frame.attribs.src) || (frame.tag === 'figure' && !frame.mediaChildren.includes('img')),
  // Text the way the field writes it: quotes as entities too.
  textFilter: (text) => text.replace(/"/g, '&quot;').replace(/'/g, '&#x27;'),
};

/** The description as the allow-list keeps it; void elements written `<br/>` like the field does. */
export function sanitizeDescription(html: string): string {
  if (isEmptyRichText(html)) return '';
  return isCanonicalDescription(html) ? html : sanitizeByAllowList(html);
}

/** The sanitizer itself, without the shortcut for what it would give back unchanged (exported for that proof). */
export function sanitizeByAllowList(html: string): string {
  const sanitized = splitSpans(wrapStyledInline(sanitizeHtml(html, OPTIONS).replace(/ \/>/g, '/>')));
  return isEmptyRichText(sanitized) ? '' : sanitized;
}

const SPAN_TAG = /<span(?: style="([^"]*)")?>|<\/span>/g;

/**
 * The sanitizer's output with each span written the format's way: one of several declarations as nested spans of
 * one declaration each (sanitize-html writes one element per element), one without any removed with its text
 * kept. The output is well formed and holds only the format's tags, with `<` and `"` escaped in text and values,
 * so spans can be matched by their tags alone.
 */
function splitSpans(html: string): string {
  if (!html.includes('<span')) return html;
  const closings: number[] = [];
  return html.replace(SPAN_TAG, (whole, style?: string) => {
    if (whole === '</span>') return '</span>'.repeat(closings.pop() ?? 0);
    const declarations = style ? style.split(DECLARATION_SEPARATOR) : [];
    closings.push(declarations.length);
    return declarations.map((declaration) => `<span style="${declaration}">`).join('');
  });
}

const STYLED_INLINE_TAG = new RegExp(`<(${INLINE_TAGS.join('|')})(?: style="([^"]*)")?>|</(${INLINE_TAGS.join('|')})>`, 'g');

/**
 * Bold, italic, underline and strike with declarations of their own (Quill's `<strong style="color: …">`) written
 * the format's way: one span of all the declarations around the bare element, which splitSpans then nests. Matched by
 * tags alone, as in splitSpans: the sanitizer's output is well formed.
 */
function wrapStyledInline(html: string): string {
  if (!INLINE_TAGS.some((tag) => html.includes(`<${tag} style=`))) return html;
  const styled: Record<string, boolean[]> = Object.fromEntries(INLINE_TAGS.map((tag) => [tag, []]));
  return html.replace(STYLED_INLINE_TAG, (_whole, opening?: string, style?: string, closing?: string) => {
    if (closing) return styled[closing]!.pop() ? `</${closing}></span>` : `</${closing}>`;
    styled[opening!]!.push(Boolean(style));
    return style ? `<span style="${style}"><${opening}>` : `<${opening}>`;
  });
}
