import {
  formatBlockAttributes,
  formatSpanDeclarations,
  spanTags,
  isDroppedWithContent,
  isStyledInlineTag,
  isEmptyRichText,
  isSafeImageSrc,
  isVoidTag,
  richTextTag,
  safeHref,
  RICH_TEXT_TEXT_BLOCK_TAGS,
  type RichTextTag,
} from '@inventory/contract';

/**
 * The mock's stand-in for the server's description sanitizer, small and DOM-free so it runs in node and in a
 * browser: a tokenizer here, every decision from the contract's rich-text rule set (the server and the editor read
 * the same rules). What it keeps: the format's tags (aliases such as h4 and b renamed), their allowed attributes
 * written the format's way, links blanked unless safe, images only as data: URLs, figures only with an image.
 * Elements such as script, style and iframe go with their content; other tags go and keep their text. Text is
 * written as the editor writes it (& < > " ' as entities). The app renders descriptions through DOMPurify as well;
 * stories must never render active HTML even so.
 */

const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const REFERENCE = /&(?:#[xX]([0-9a-fA-F]+)|#(\d+)|([A-Za-z][A-Za-z0-9]*));?/g;

/** The named references this stand-in decodes (case matters, as in HTML); others are kept as written. */
const NAMED_REFERENCES: Record<string, string> = {
  amp: '&',
  AMP: '&',
  lt: '<',
  LT: '<',
  gt: '>',
  GT: '>',
  quot: '"',
  QUOT: '"',
  apos: "'",
  colon: ':',
  Tab: '\t',
  NewLine: '\n',
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  euro: '€',
};

function codePoint(code: number): string {
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
}

/** The character of a reference, or null for a name this stand-in does not know. */
function referenceValue(hex: string | undefined, decimal: string | undefined, name: string | undefined): string | null {
  if (hex !== undefined) return codePoint(parseInt(hex, 16));
  if (decimal !== undefined) return codePoint(parseInt(decimal, 10));
  return name !== undefined && Object.hasOwn(NAMED_REFERENCES, name) ? (NAMED_REFERENCES[name] ?? null) : null;
}

function decodeEntities(value: string): string {
  return value.replace(REFERENCE, (whole, hex?: string, decimal?: string, name?: string) => {
    return referenceValue(hex, decimal, name) ?? whole;
  });
}

const REFERENCE_OR_SPECIAL = new RegExp(`${REFERENCE.source}|[&<>"']`, 'g');
const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

const escapeAttribute = (value: string): string => value.replace(/[&"<>]/g, (c) => ESCAPED[c] ?? c);

/** Text as the editor writes it; references this stand-in does not know stay as written (they mean the same). */
function escapeText(text: string): string {
  return text.replace(REFERENCE_OR_SPECIAL, (whole, hex?: string, decimal?: string, name?: string) => {
    if (whole.length === 1) return ESCAPED[whole] ?? whole;
    const value = referenceValue(hex, decimal, name);
    return value === null ? whole : value.replace(/[&<>"']/g, (c) => ESCAPED[c] ?? c);
  });
}

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    // The first of a repeated attribute counts, as in a browser.
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

const TEXT_BLOCKS = new Set<string>(RICH_TEXT_TEXT_BLOCK_TAGS);

/** The attributes written for an element of the format, or null when the element is not kept (only its text). */
function formatAttributes(tag: RichTextTag, attributes: Map<string, string>): string | null {
  const written: Array<[string, string]> = [];
  if (TEXT_BLOCKS.has(tag)) {
    written.push(...formatBlockAttributes(tag, attributes));
  } else if (tag === 'a') {
    written.push(['href', safeHref(attributes.get('href'))]);
  } else if (tag === 'img') {
    const src = attributes.get('src');
    if (!isSafeImageSrc(src)) return null;
    written.push(['src', src], ['alt', attributes.get('alt') ?? '']);
  }
  return written.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('');
}

/**
 * An open element: its name in the source, the tag written for it (null when unwrapped), what closes it (a span
 * of several declarations is written as nested spans), where a figure began.
 */
interface OpenElement {
  name: string;
  tag: RichTextTag | null;
  closing: string;
  start: number;
  imagesBefore: number;
}

export function sanitizeDescription(html: string): string {
  if (isEmptyRichText(html)) return '';
  let out = '';
  let images = 0;
  const open: OpenElement[] = [];
  const close = (element: OpenElement) => {
    if (element.tag === 'figure' && images === element.imagesBefore) out = out.slice(0, element.start);
    else out += element.closing;
  };

  let last = 0;
  let skipUntil: string | null = null;
  for (const match of html.matchAll(TAG)) {
    const index = match.index;
    const [whole, slash, rawName, source = ''] = match;
    const name = rawName?.toLowerCase();
    if (skipUntil !== null) {
      if (slash && name === skipUntil) {
        skipUntil = null;
        last = index + whole.length;
      }
      continue;
    }
    out += escapeText(html.slice(last, index));
    last = index + whole.length;
    if (!name) continue; // a comment
    if (isDroppedWithContent(name)) {
      // Only foreign elements (svg, math) close themselves with "/>"; `<script/>` still holds what follows.
      const selfClosed = (name === 'svg' || name === 'math') && /\/\s*$/.test(source);
      if (!slash && !selfClosed) skipUntil = name;
      continue;
    }
    if (slash) {
      const at = open.map((element) => element.name).lastIndexOf(name);
      if (at >= 0) open.splice(at).reverse().forEach(close);
      continue;
    }
    const tag = richTextTag(name);
    if (tag === 'span') {
      const attributes = attributesOf(source);
      const spans = spanTags(formatSpanDeclarations(attributes.get('style'), attributes.get('class')));
      open.push({ name, tag: spans.open ? tag : null, closing: spans.close, start: out.length, imagesBefore: images });
      out += spans.open;
      continue;
    }
    if (isStyledInlineTag(tag)) {
      const given = attributesOf(source);
      const spans = spanTags(formatSpanDeclarations(given.get('style'), given.get('class')));
      open.push({ name, tag, closing: `</${tag}>${spans.close}`, start: out.length, imagesBefore: images });
      out += `${spans.open}<${tag}>`;
      continue;
    }
    const attributes = tag ? formatAttributes(tag, attributesOf(source)) : null;
    if (tag && isVoidTag(tag)) {
      if (attributes === null) continue;
      out += `<${tag}${attributes}/>`;
      if (tag === 'img') images++;
      continue;
    }
    const kept = attributes === null ? null : tag;
    open.push({ name, tag: kept, closing: kept ? `</${kept}>` : '', start: out.length, imagesBefore: images });
    if (kept) out += `<${kept}${attributes}>`;
  }
  if (skipUntil === null) out += escapeText(html.slice(last));
  open.reverse().forEach(close);
  return isEmptyRichText(out) ? '' : out;
}
