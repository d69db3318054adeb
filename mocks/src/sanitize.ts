import { RICH_TEXT_LINK_PROTOCOLS } from '@inventory/contract';

/**
 * The mock's stand-in for the server's description sanitizer (DESIGN.md §4), small and DOM-free so it runs in node
 * and in a browser. An allow-list of what the rich-text field writes (packages/ui/src/rich-text/html.ts):
 * block and inline tags, `href` only http/https/mailto/tel (else ""), `<img src>` only data:image URLs,
 * `class` only `ql-indent-N`, `style` only the editor's declarations. Everything else is dropped: `<script>`,
 * `<style>`, `<iframe>` and the like with their content, other tags keeping their text, every other attribute
 * (`on*` handlers included). Stray `<` and `>` in text are escaped. The app renders descriptions through DOMPurify
 * as well; stories must never render active HTML even so.
 */
const ALLOWED_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'blockquote',
  'ul',
  'ol',
  'li',
  'figure',
  'img',
  'strong',
  'em',
  'u',
  's',
  'br',
  'a',
  'span',
]);

/** Dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'svg',
  'math',
  'xmp',
  'select',
]);

const VOID_TAGS = new Set(['br', 'img']);

const TAG = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const STYLE_DECLARATION =
  /^(?:text-align:(?:left|center|right|justify)|font-family:(?:serif|monospace|sans-serif)|font-size:\d+(?:\.\d+)?em|(?:background-)?color:#[0-9a-f]{3,8})$/i;
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
};

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const escapeText = (text: string): string => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An allowed link, or '' (the editor blanks links it refuses, SPEC.md §5). */
export function safeHref(raw: string): string {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so compare without them.
  // eslint-disable-next-line no-control-regex
  const compact = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  return scheme && (RICH_TEXT_LINK_PROTOCOLS as readonly string[]).includes(scheme) ? decodeEntities(raw).trim() : '';
}

function safeStyle(raw: string): string | null {
  const declarations = decodeEntities(raw)
    .split(';')
    .map((d) => d.replace(/\s+/g, '').toLowerCase())
    .filter((d) => d !== '');
  const kept = declarations.filter((d) => STYLE_DECLARATION.test(d));
  return kept.length > 0 ? kept.join(';') : null;
}

function sanitizeAttributes(tag: string, source: string): string | null {
  const kept: string[] = [];
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    if (name === 'href' && tag === 'a') kept.push(`href="${escapeAttribute(safeHref(value))}"`);
    else if (name === 'src' && tag === 'img') {
      const src = decodeEntities(value).trim();
      if (!IMAGE_DATA_URL.test(src)) return null;
      kept.push(`src="${escapeAttribute(src)}"`);
    } else if (name === 'alt' && tag === 'img') kept.push(`alt="${escapeAttribute(decodeEntities(value))}"`);
    else if (name === 'class') {
      const indent = /^ql-indent-([1-8])$/.exec(decodeEntities(value).trim());
      if (indent) kept.push(`class="ql-indent-${indent[1]}"`);
    } else if (name === 'style') {
      const style = safeStyle(value);
      if (style) kept.push(`style="${escapeAttribute(style)}"`);
    }
  }
  // An image without an allowed source is dropped whole.
  if (tag === 'img' && !kept.some((attr) => attr.startsWith('src='))) return null;
  return kept.length > 0 ? ` ${kept.join(' ')}` : '';
}

export function sanitizeDescription(html: string): string {
  let out = '';
  let last = 0;
  let skipUntil: string | null = null;
  for (const match of html.matchAll(TAG)) {
    const index = match.index;
    const [whole, slash, rawName, attributes = ''] = match;
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
    if (DROPPED_WITH_CONTENT.has(name)) {
      if (!slash && !/\/\s*$/.test(attributes)) skipUntil = name;
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;
    if (slash) {
      if (!VOID_TAGS.has(name)) out += `</${name}>`;
      continue;
    }
    const kept = sanitizeAttributes(name, attributes);
    if (kept === null) continue;
    out += VOID_TAGS.has(name) ? `<${name}${kept}/>` : `<${name}${kept}>`;
  }
  if (skipUntil === null) out += escapeText(html.slice(last));
  return out;
}
