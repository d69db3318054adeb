import type { CSSProperties } from 'react';
import type { DraftInlineStyle } from 'draft-js';
import { FONTS, IMAGE_TYPES, LINK_PROTOCOLS, MAX_INDENT, MIN_INDENT, SIZES, type Alignment, ALIGNMENTS } from './constants';

/*
 * The field's formats as draft-js sees them, shared by the editor (rendering) and html.ts (reading and writing).
 *
 * Inline styles are strings: BOLD, ITALIC, UNDERLINE, STRIKETHROUGH, and parameterised ones
 * `FONT:<serif|monospace>`, `SIZE:<small|large|huge>`, `COLOR:#rrggbb`, `BG:#rrggbb`.
 * Block data: `align` (center, right, justify; left is the default and is not stored) and, for blocks that are not
 * list items, `indent` (1..8). List items keep their level in the block depth (0..8).
 */

export const SIMPLE_STYLES = ['BOLD', 'ITALIC', 'UNDERLINE', 'STRIKETHROUGH'] as const;
export type SimpleStyle = (typeof SIMPLE_STYLES)[number];

export const FONT_PREFIX = 'FONT:';
export const SIZE_PREFIX = 'SIZE:';
export const COLOR_PREFIX = 'COLOR:';
export const BG_PREFIX = 'BG:';

/** A parsed inline style, or null for a style the field does not know (dropped). */
export type InlineFormat =
  | { kind: 'simple'; style: SimpleStyle }
  | { kind: 'font'; value: string; css: string }
  | { kind: 'size'; value: string; css: string }
  | { kind: 'color'; value: string }
  | { kind: 'bg'; value: string };

export function parseStyle(style: string): InlineFormat | null {
  if ((SIMPLE_STYLES as readonly string[]).includes(style)) return { kind: 'simple', style: style as SimpleStyle };
  if (style.startsWith(FONT_PREFIX)) {
    const font = FONTS.find((f) => f.value !== '' && f.value === style.slice(FONT_PREFIX.length));
    return font ? { kind: 'font', value: font.value, css: font.css } : null;
  }
  if (style.startsWith(SIZE_PREFIX)) {
    const size = SIZES.find((s) => s.value !== '' && s.value === style.slice(SIZE_PREFIX.length));
    return size ? { kind: 'size', value: size.value, css: size.css } : null;
  }
  if (style.startsWith(COLOR_PREFIX)) {
    const color = normalizeColor(style.slice(COLOR_PREFIX.length));
    return color ? { kind: 'color', value: color } : null;
  }
  if (style.startsWith(BG_PREFIX)) {
    const color = normalizeColor(style.slice(BG_PREFIX.length));
    return color ? { kind: 'bg', value: color } : null;
  }
  return null;
}

/** Order of nesting in the HTML (outermost first), so the same content always gives the same markup. */
const STYLE_RANK: Record<string, number> = { font: 0, size: 1, color: 2, bg: 3 };
const SIMPLE_RANK: Record<SimpleStyle, number> = { BOLD: 4, ITALIC: 5, UNDERLINE: 6, STRIKETHROUGH: 7 };

export function styleRank(style: string): number {
  const parsed = parseStyle(style);
  if (!parsed) return 99;
  return parsed.kind === 'simple' ? SIMPLE_RANK[parsed.style] : (STYLE_RANK[parsed.kind] ?? 99);
}

/** `#abc`, `#aabbcc` or `rgb(r, g, b)` (what the browser gives for `style.color`) as `#aabbcc`; else null. */
export function normalizeColor(input: string): string | null {
  const value = input.trim().toLowerCase();
  const long = /^#([0-9a-f]{6})$/.exec(value);
  if (long) return `#${long[1]}`;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(1|1\.0+)\s*)?\)$/.exec(value);
  if (rgb) {
    const parts = [rgb[1], rgb[2], rgb[3]].map((n) => Number(n));
    if (parts.some((n) => n > 255)) return null;
    return `#${parts.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
  }
  return null;
}

/** The CSS of one style for the editor (customStyleFn) and the HTML (style attribute). */
export function styleCss(format: InlineFormat): CSSProperties {
  switch (format.kind) {
    case 'font':
      return { fontFamily: format.css };
    case 'size':
      return { fontSize: format.css };
    case 'color':
      return { color: format.value };
    case 'bg':
      return { backgroundColor: format.value };
    case 'simple':
      switch (format.style) {
        case 'BOLD':
          return { fontWeight: 'bold' };
        case 'ITALIC':
          return { fontStyle: 'italic' };
        case 'UNDERLINE':
          return { textDecoration: 'underline' };
        case 'STRIKETHROUGH':
          return { textDecoration: 'line-through' };
      }
  }
}

/** draft-js customStyleFn: the parameterised styles (the simple ones come from draft's default style map). */
export function customStyleFn(styles: DraftInlineStyle): CSSProperties {
  const css: CSSProperties = {};
  styles.forEach((style) => {
    const format = style ? parseStyle(style) : null;
    if (format && format.kind !== 'simple') Object.assign(css, styleCss(format));
  });
  return css;
}

/** SPEC.md §5: http, https, mailto and tel addresses are kept as written; any other address becomes ''. */
export function sanitizeLinkUrl(raw: string | null | undefined): string {
  if (!raw) return '';
  const url = raw.trim();
  // No control characters or spaces anywhere (browsers drop some of them, which can hide a scheme).
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(url)) return '';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  if (!scheme || !scheme[1]) return '';
  const protocol = `${scheme[1].toLowerCase()}:`;
  if (!(LINK_PROTOCOLS as readonly string[]).includes(protocol)) return '';
  if (protocol === 'http:' || protocol === 'https:') {
    try {
      if (!new URL(url).hostname) return '';
    } catch {
      return '';
    }
  } else if (url.length === protocol.length) {
    return '';
  }
  return url;
}

const IMAGE_SRC = new RegExp(`^data:(${IMAGE_TYPES.map((t) => t.replace('/', '\\/')).join('|')});base64,[A-Za-z0-9+/]+={0,2}$`);

/** SPEC.md §5: embedded images are data: URLs of png, jpeg, gif or webp; anything else is dropped (''). */
export function sanitizeImageSrc(raw: string | null | undefined): string {
  return raw && IMAGE_SRC.test(raw) ? raw : '';
}

export function clampIndent(level: number): number {
  if (!Number.isFinite(level)) return MIN_INDENT;
  return Math.min(MAX_INDENT, Math.max(MIN_INDENT, Math.trunc(level)));
}

export function isAlignment(value: unknown): value is Alignment {
  return typeof value === 'string' && (ALIGNMENTS as readonly string[]).includes(value);
}

export const INDENT_CLASS_PREFIX = 'ql-indent-';

/** The indent class of an element (`ql-indent-N`), 0 when none. */
export function readIndentClass(node: Element): number {
  for (const name of Array.from(node.classList)) {
    if (name.startsWith(INDENT_CLASS_PREFIX)) {
      const n = Number(name.slice(INDENT_CLASS_PREFIX.length));
      if (Number.isInteger(n)) return clampIndent(n);
    }
  }
  return 0;
}

/** Escapes text for an HTML attribute value in double quotes. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
