import sanitizeHtml from 'sanitize-html';

/**
 * Server-side sanitizer for product descriptions: exactly the HTML the rich-text field writes (DESIGN.md §4,
 * packages/ui/src/rich-text/html.ts). Anything else is removed; the field's own output comes back byte for byte.
 *
 *   blocks  p, h1, h2, h3, blockquote, li  — class="ql-indent-N" (1..8), style="text-align:center|right|justify"
 *           ul, ol                           — no attributes
 *           figure > img src alt            — src only a base64 data: URL of png, jpeg, gif or webp
 *   inline  strong, em, u, s, br             — no attributes
 *           a href                           — http(s) with a host, mailto:, tel:; any other address becomes ""
 *           span style                       — exactly one of font-family, font-size, color, background-color
 */
const TEXT_BLOCKS = ['p', 'h1', 'h2', 'h3', 'blockquote', 'li'] as const;
const INDENT_CLASSES = Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`);
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const ALIGN = /^(center|right|justify)$/;
const SPAN_STYLES: Record<string, RegExp> = {
  'font-family': /^(serif|monospace)$/,
  'font-size': /^(0\.75em|1\.5em|2\.5em)$/,
  color: /^#[0-9a-f]{6}$/,
  'background-color': /^#[0-9a-f]{6}$/,
};
/** Tags whose content is dropped with them (not kept as text). */
const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'head'];

/** An href the field keeps: http(s) with a host, mailto:, tel:. Anything else (javascript:, data:, relative) → ''. */
export function safeHref(href: string | undefined): string {
  if (href === undefined) return '';
  const trimmed = href.trim();
  if (/^(mailto|tel):/i.test(trimmed)) return /^(mailto|tel):[^\s<>"]+$/i.test(trimmed) ? href : '';
  if (!/^https?:\/\//i.test(trimmed)) return '';
  try {
    const url = new URL(trimmed);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? href : '';
  } catch {
    return '';
  }
}

/** `style` with exactly one allowed declaration, written the field's way (`name:value`), or undefined. */
function oneDeclaration(style: string | undefined, allowed: Record<string, RegExp>): string | undefined {
  if (!style) return undefined;
  const declarations = style
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '');
  const declaration = declarations[0];
  if (declarations.length !== 1 || declaration === undefined) return undefined;
  const colon = declaration.indexOf(':');
  if (colon < 0) return undefined;
  const name = declaration.slice(0, colon).trim().toLowerCase();
  const value = declaration.slice(colon + 1).trim().toLowerCase();
  const pattern = allowed[name];
  return pattern && pattern.test(value) ? `${name}:${value}` : undefined;
}

function blockAttributes(attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const indent = (attribs.class ?? '').split(/\s+/).find((c) => INDENT_CLASSES.includes(c));
  if (indent) out.class = indent;
  const style = oneDeclaration(attribs.style, { 'text-align': ALIGN });
  if (style) out.style = style;
  return out;
}

const transformBlock: sanitizeHtml.Transformer = (tagName, attribs) => ({ tagName, attribs: blockAttributes(attribs) });
const DROP = 'x-dropped';

/** `allowedEmptyAttributes` is a sanitize-html 2.x option its type definitions do not list yet. */
const OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [...TEXT_BLOCKS, 'ul', 'ol', 'figure', 'img', 'strong', 'em', 'u', 's', 'br', 'a', 'span'],
  allowedAttributes: {
    ...Object.fromEntries(TEXT_BLOCKS.map((tag) => [tag, ['class', 'style']])),
    img: ['src', 'alt'],
    a: ['href'],
    span: ['style'],
  },
  allowedClasses: Object.fromEntries(TEXT_BLOCKS.map((tag) => [tag, INDENT_CLASSES])),
  allowedStyles: {
    ...Object.fromEntries(TEXT_BLOCKS.map((tag) => [tag, { 'text-align': [ALIGN] }])),
    span: Object.fromEntries(Object.entries(SPAN_STYLES).map(([name, pattern]) => [name, [pattern]])),
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // The field writes a blanked link as href="" and an image without alt as alt="".
  allowedEmptyAttributes: ['alt', 'href'],
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  parseStyleAttributes: true,
  transformTags: {
    ...Object.fromEntries(TEXT_BLOCKS.map((tag) => [tag, transformBlock])),
    ul: (tagName) => ({ tagName, attribs: {} }),
    ol: (tagName) => ({ tagName, attribs: {} }),
    a: (tagName, attribs) => ({ tagName, attribs: { href: safeHref(attribs.href) } }),
    // The data: URL is checked here: allowedSchemesByTag alone would let data:image/svg+xml through.
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = attribs.src ?? '';
      // A void element keeps its name (renaming it would swallow the next closing tag); exclusiveFilter drops it.
      return DATA_IMAGE.test(src) ? { tagName, attribs: { src, alt: attribs.alt ?? '' } } : { tagName, attribs: {} };
    },
    span: (tagName, attribs): sanitizeHtml.Tag => {
      const style = oneDeclaration(attribs.style, SPAN_STYLES);
      return style ? { tagName, attribs: { style } } : { tagName: DROP, attribs: {} };
    },
  },
  // An image without an allowed src goes, and so does a figure left with no image (see sanitizeDescription).
  exclusiveFilter: (frame) => (frame.tag === 'img' && !frame.attribs.src) || (frame.tag === 'figure' && !frame.mediaChildren.includes('img')),
  // Text the way the field writes it: quotes as entities too.
  textFilter: (text) => text.replace(/"/g, '&quot;').replace(/'/g, '&#x27;'),
};

/** The description as the allow-list keeps it; void elements written `<br/>` like the field does. */
export function sanitizeDescription(html: string): string {
  if (html.trim() === '') return '';
  return sanitizeHtml(html, OPTIONS)
    .replace(/ \/>/g, '/>')
    .replace(/<figure><\/figure>/g, '');
}
