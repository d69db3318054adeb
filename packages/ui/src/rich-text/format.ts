import type { CSSProperties } from 'react';
import type { DraftInlineStyle } from 'draft-js';
import { isSafeImageSrc, normalizeColor, safeHref } from '@inventory/contract/rich-text';
import { FONTS, SIZES } from './constants';

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

/** A link address as the format keeps it: http, https, mailto and tel addresses; any other becomes ''. */
export function sanitizeLinkUrl(raw: string | null | undefined): string {
  return safeHref(raw);
}

/** An embedded image's source as the format keeps it: a base64 data: URL of png, jpeg, gif or webp; else ''. */
export function sanitizeImageSrc(raw: string | null | undefined): string {
  return isSafeImageSrc(raw) ? raw : '';
}

/** Escapes text for an HTML attribute value in double quotes. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
