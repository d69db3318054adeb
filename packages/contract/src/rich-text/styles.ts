/*
 * The style declarations of the format. A text block may carry its alignment (`text-align:center|right|justify`;
 * left is the default and is not written). A span carries exactly one of: a font family and a font size the toolbar
 * offers, a text colour or a background colour (`#rrggbb`). Declarations are written `name:value`, lower case.
 */

export const RICH_TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type RichTextAlignment = (typeof RICH_TEXT_ALIGNMENTS)[number];
export const RICH_TEXT_DEFAULT_ALIGNMENT = 'left' satisfies RichTextAlignment;
/** The alignments written (the default is not). */
export type RichTextWrittenAlignment = Exclude<RichTextAlignment, typeof RICH_TEXT_DEFAULT_ALIGNMENT>;

/** Font families by the toolbar's name, with the CSS written; the default (sans serif) writes nothing. */
export const RICH_TEXT_FONT_FAMILIES = { serif: 'serif', monospace: 'monospace' } as const;
/** Font sizes by the toolbar's name, with the CSS written; normal writes nothing. */
export const RICH_TEXT_FONT_SIZES = { small: '0.75em', large: '1.5em', huge: '2.5em' } as const;
/** Text and background colours: any `#rrggbb`. */
export const RICH_TEXT_COLOR = /^#[0-9a-f]{6}$/;

export const RICH_TEXT_SPAN_PROPERTIES = ['font-family', 'font-size', 'color', 'background-color'] as const;
export type RichTextSpanProperty = (typeof RICH_TEXT_SPAN_PROPERTIES)[number];

export interface RichTextDeclaration {
  property: RichTextSpanProperty;
  value: string;
}

export function isAlignment(value: unknown): value is RichTextAlignment {
  return typeof value === 'string' && (RICH_TEXT_ALIGNMENTS as readonly string[]).includes(value);
}

/** `#abc`, `#aabbcc` or `rgb(r, g, b)` as `#aabbcc`; anything else null. */
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

/** The declarations of a style attribute as lower-case name/value pairs, in order (empty ones skipped). */
function declarations(style: string): Array<{ name: string; value: string }> {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return { name: declaration.trim().toLowerCase(), value: '' };
      return {
        name: declaration.slice(0, colon).trim().toLowerCase(),
        value: declaration
          .slice(colon + 1)
          .trim()
          .toLowerCase(),
      };
    })
    .filter((d) => d.name !== '' || d.value !== '');
}

/**
 * A text block's alignment from its style attribute: its last valid `text-align` (other declarations are ignored,
 * as CSS would); null for none or left.
 */
export function alignmentFromStyle(style: string | null | undefined): RichTextWrittenAlignment | null {
  return writtenAlignment(declaredAlignment(style));
}

/** The last valid `text-align` of a style attribute, left included; undefined when it has none. */
export function declaredAlignment(style: string | null | undefined): RichTextAlignment | undefined {
  return declarations(style ?? '')
    .filter(({ name, value }) => name === 'text-align' && isAlignment(value))
    .map(({ value }) => value as RichTextAlignment)
    .pop();
}

/** An alignment as the format writes it: null for none or the default. */
export function writtenAlignment(alignment: RichTextAlignment | undefined): RichTextWrittenAlignment | null {
  return alignment === undefined || alignment === RICH_TEXT_DEFAULT_ALIGNMENT ? null : alignment;
}

/** The style attribute written for an alignment ('' for the default). */
export function alignmentStyle(alignment: RichTextAlignment): string {
  return alignment === RICH_TEXT_DEFAULT_ALIGNMENT ? '' : `text-align:${alignment}`;
}

function spanValue(property: string, value: string): RichTextDeclaration | null {
  switch (property) {
    case 'font-family':
      return (Object.values(RICH_TEXT_FONT_FAMILIES) as string[]).includes(value) ? { property, value } : null;
    case 'font-size':
      return (Object.values(RICH_TEXT_FONT_SIZES) as string[]).includes(value) ? { property, value } : null;
    case 'color':
    case 'background-color': {
      const color = normalizeColor(value);
      return color ? { property, value: color } : null;
    }
    default:
      return null;
  }
}

/**
 * A span's one declaration, normalised (colours as `#rrggbb`); null when its style is not exactly one allowed
 * declaration (the span is then not the format's, and only its text is kept).
 */
export function spanDeclaration(style: string | null | undefined): RichTextDeclaration | null {
  const all = declarations(style ?? '');
  const only = all.length === 1 ? all[0] : undefined;
  return only ? spanValue(only.name, only.value) : null;
}

/**
 * Every declaration of the format a style attribute holds, one per property (the last valid value wins, as in CSS),
 * normalised and in the order the editor nests its spans (font family, size, colour, background). Other
 * declarations are ignored. Used for foreign spans, which may carry several (the format writes one per span).
 */
export function spanDeclarations(style: string | null | undefined): RichTextDeclaration[] {
  const byProperty = new Map<RichTextSpanProperty, RichTextDeclaration>();
  for (const { name, value } of declarations(style ?? '')) {
    const declaration = spanValue(name, value);
    if (declaration) byProperty.set(declaration.property, declaration);
  }
  return RICH_TEXT_SPAN_PROPERTIES.flatMap((property) => byProperty.get(property) ?? []);
}

/** A declaration as written in a style attribute. */
export function declarationText(declaration: RichTextDeclaration): string {
  return `${declaration.property}:${declaration.value}`;
}
