/*
 * The elements of the rich-text format: what the editor writes, and which foreign elements are read as one of them.
 */

/** Block tags the field writes, each with the foreign tags read as it. */
export const RICH_TEXT_BLOCK_TAGS = {
  p: [],
  h1: [],
  h2: [],
  h3: ['h4', 'h5', 'h6'],
  blockquote: [],
} as const satisfies Record<string, readonly string[]>;

/** List containers (no attributes) and their items (a text block like the others). */
export const RICH_TEXT_LIST_TAGS = ['ul', 'ol'] as const;
export const RICH_TEXT_LIST_ITEM_TAG = 'li';

/** An embedded image is a figure holding one img; a figure without a valid image is dropped with its content. */
export const RICH_TEXT_FIGURE_TAG = 'figure';
export const RICH_TEXT_IMAGE_TAG = 'img';

/** Inline formatting tags the field writes, each with the foreign tags read as it. */
export const RICH_TEXT_INLINE_TAGS = {
  strong: ['b'],
  em: ['i'],
  u: [],
  s: ['strike', 'del'],
} as const satisfies Record<string, readonly string[]>;

/** Line break, link and styled span complete the inline tags. */
export const RICH_TEXT_BREAK_TAG = 'br';
export const RICH_TEXT_LINK_TAG = 'a';
export const RICH_TEXT_SPAN_TAG = 'span';

export type RichTextTag =
  | keyof typeof RICH_TEXT_BLOCK_TAGS
  | (typeof RICH_TEXT_LIST_TAGS)[number]
  | typeof RICH_TEXT_LIST_ITEM_TAG
  | typeof RICH_TEXT_FIGURE_TAG
  | typeof RICH_TEXT_IMAGE_TAG
  | keyof typeof RICH_TEXT_INLINE_TAGS
  | typeof RICH_TEXT_BREAK_TAG
  | typeof RICH_TEXT_LINK_TAG
  | typeof RICH_TEXT_SPAN_TAG;

/** Blocks that carry text, and with it an indent class and an alignment. */
export const RICH_TEXT_TEXT_BLOCK_TAGS = [
  ...(Object.keys(RICH_TEXT_BLOCK_TAGS) as Array<keyof typeof RICH_TEXT_BLOCK_TAGS>),
  RICH_TEXT_LIST_ITEM_TAG,
] as const;

/** Tags that never hold anything (written `<br/>`, `<img …/>`). */
export const RICH_TEXT_VOID_TAGS = [RICH_TEXT_BREAK_TAG, RICH_TEXT_IMAGE_TAG] as const;

/** Every tag of the format. */
export const RICH_TEXT_TAGS: readonly RichTextTag[] = [
  ...RICH_TEXT_TEXT_BLOCK_TAGS,
  ...RICH_TEXT_LIST_TAGS,
  RICH_TEXT_FIGURE_TAG,
  RICH_TEXT_IMAGE_TAG,
  ...(Object.keys(RICH_TEXT_INLINE_TAGS) as Array<keyof typeof RICH_TEXT_INLINE_TAGS>),
  RICH_TEXT_BREAK_TAG,
  RICH_TEXT_LINK_TAG,
  RICH_TEXT_SPAN_TAG,
];

/** Foreign tag → the format's tag it is read as (h4 → h3, b → strong, …). */
export const RICH_TEXT_TAG_ALIASES: Readonly<Record<string, RichTextTag>> = Object.fromEntries(
  Object.entries({ ...RICH_TEXT_BLOCK_TAGS, ...RICH_TEXT_INLINE_TAGS }).flatMap(([tag, from]) =>
    from.map((alias) => [alias, tag as RichTextTag]),
  ),
);

/**
 * Elements dropped together with everything inside them: code, styles, embedded documents, form controls and
 * foreign markup whose text is not meant as content. Every other element that is not the format's keeps its text.
 */
export const RICH_TEXT_DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'head',
  'svg',
  'math',
  'xmp',
  'select',
  'option',
  'optgroup',
  'datalist',
] as const;

const TAGS = new Set<string>(RICH_TEXT_TAGS);
const DROPPED = new Set<string>(RICH_TEXT_DROPPED_WITH_CONTENT);

/** The format's tag an element is read as (its own name, or the tag it is an alias of); null when none. */
export function richTextTag(name: string): RichTextTag | null {
  const tag = name.toLowerCase();
  if (TAGS.has(tag)) return tag as RichTextTag;
  return Object.hasOwn(RICH_TEXT_TAG_ALIASES, tag) ? (RICH_TEXT_TAG_ALIASES[tag] ?? null) : null;
}

export function isDroppedWithContent(name: string): boolean {
  return DROPPED.has(name.toLowerCase());
}

export function isVoidTag(tag: string): boolean {
  return (RICH_TEXT_VOID_TAGS as readonly string[]).includes(tag);
}
