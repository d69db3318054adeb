import { convertFromHTML, convertToHTML } from 'draft-convert';
import {
  CharacterMetadata,
  type ContentBlock,
  ContentState,
  EditorState,
  type DraftInlineStyle,
  type RawDraftEntity,
} from 'draft-js';
import {
  alignmentFromStyle,
  alignmentStyle,
  clampIndent,
  declarationText,
  indentClass,
  indentFromClass,
  isAlignment,
  isSafeImageSrc,
  richTextTag,
  spanDeclaration,
  type RichTextDeclaration,
} from '@inventory/contract/rich-text';
import { createElement } from 'react';
import { FONTS, SIZES } from './constants';
import {
  BG_PREFIX,
  COLOR_PREFIX,
  FONT_PREFIX,
  SIZE_PREFIX,
  escapeAttr,
  parseStyle,
  sanitizeImageSrc,
  sanitizeLinkUrl,
  styleRank,
} from './format';
import { parseHtml } from './parse';

/*
 * HTML in and out of the rich-text field. Pure functions (no React state), so the round trip is testable on its own.
 * The rules (tags, attributes, styles, links, images, indent) are the contract's rich-text rule set.
 *
 * The HTML written (and the only HTML read back with its formatting; anything else degrades to text):
 *   blocks    <p>, <h1>, <h2>, <h3>, <blockquote>, <ul><li>, <ol><li>, <figure><img src alt></figure>
 *             each text block may have class="ql-indent-N" (N = 1..8) and style="text-align:center|right|justify"
 *   inline    <strong>, <em>, <u>, <s>, <br/>, <a href="...">,
 *             <span style="font-family:serif|monospace">, <span style="font-size:0.75em|1.5em|2.5em">,
 *             <span style="color:#rrggbb">, <span style="background-color:#rrggbb">
 *   links     href is http:, https:, mailto: or tel:, or "" (blanked)
 *   images    src is data:image/(png|jpeg|gif|webp);base64,...; alt is always written (may be "")
 */

export const LINK = 'LINK';
export const IMAGE = 'IMAGE';

export interface LinkData {
  url: string;
}
export interface ImageData {
  src: string;
  alt: string;
}

const TEXT_BLOCK_TYPES = new Set([
  'unstyled',
  'header-one',
  'header-two',
  'header-three',
  'blockquote',
  'unordered-list-item',
  'ordered-list-item',
]);

export function isListType(type: string): boolean {
  return type === 'unordered-list-item' || type === 'ordered-list-item';
}

/* ------------------------------------------------------------------ reading */

type StyleSet = DraftInlineStyle;

function withoutPrefix(styles: StyleSet, prefix: string): StyleSet {
  return styles.filter((s) => !s?.startsWith(prefix)).toOrderedSet();
}

/** The field's inline style for a span's one declaration. */
function declarationStyle({ property, value }: RichTextDeclaration): string | null {
  switch (property) {
    case 'font-family': {
      const font = FONTS.find((f) => f.css !== '' && f.css === value);
      return font ? FONT_PREFIX + font.value : null;
    }
    case 'font-size': {
      const size = SIZES.find((s) => s.css !== '' && s.css === value);
      return size ? SIZE_PREFIX + size.value : null;
    }
    case 'color':
      return COLOR_PREFIX + value;
    case 'background-color':
      return BG_PREFIX + value;
  }
}

const STYLE_PREFIXES: Record<RichTextDeclaration['property'], string> = {
  'font-family': FONT_PREFIX,
  'font-size': SIZE_PREFIX,
  color: COLOR_PREFIX,
  'background-color': BG_PREFIX,
};

/** Inline styles from a span's one declaration (the nearest span wins for each kind). */
function htmlToStyle(nodeName: string, node: HTMLElement, current: StyleSet): StyleSet {
  if (richTextTag(nodeName) !== 'span') return current;
  const declaration = spanDeclaration(node.getAttribute('style'));
  const style = declaration ? declarationStyle(declaration) : null;
  return declaration && style ? withoutPrefix(current, STYLE_PREFIXES[declaration.property]).add(style) : current;
}

function blockData(node: HTMLElement): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const align = alignmentFromStyle(node.getAttribute('style'));
  if (align) data.align = align;
  const indent = indentFromClass(node.getAttribute('class'));
  if (indent > 0) data.indent = indent;
  return data;
}

function validImage(node: Element | null): node is HTMLImageElement {
  return !!node && node.nodeName.toLowerCase() === 'img' && isSafeImageSrc(node.getAttribute('src'));
}

/** Elements dropped with their content are gone already (parse.ts); aliases (h4 → h3, …) come from the rule set. */
function htmlToBlock(nodeName: string, node: HTMLElement) {
  switch (richTextTag(nodeName)) {
    case 'p':
      return { type: 'unstyled', data: blockData(node) };
    case 'h1':
      return { type: 'header-one', data: blockData(node) };
    case 'h2':
      return { type: 'header-two', data: blockData(node) };
    case 'h3':
      return { type: 'header-three', data: blockData(node) };
    case 'blockquote':
      return { type: 'blockquote', data: blockData(node) };
    case 'li': {
      const ordered = node.parentElement?.nodeName.toLowerCase() === 'ol';
      return { type: ordered ? 'ordered-list-item' : 'unordered-list-item', data: blockData(node) };
    }
    case 'figure':
      return validImage(node.querySelector('img')) ? 'atomic' : undefined;
    case 'img':
      return validImage(node) ? 'atomic' : false;
    default:
      return undefined;
  }
}

function htmlToEntity(
  nodeName: string,
  node: HTMLElement,
  createEntity: (type: string, mutability: 'MUTABLE' | 'IMMUTABLE' | 'SEGMENTED', data: object) => string,
): string | undefined {
  if (nodeName === 'a') {
    const data: LinkData = { url: sanitizeLinkUrl(node.getAttribute('href')) };
    return createEntity(LINK, 'MUTABLE', data);
  }
  if (nodeName === 'img' && validImage(node)) {
    const data: ImageData = { src: sanitizeImageSrc(node.getAttribute('src')), alt: node.getAttribute('alt') ?? '' };
    return createEntity(IMAGE, 'IMMUTABLE', data);
  }
  return undefined;
}

const fromHTML = convertFromHTML({
  // draft-convert's types say Set<string>; at run time it is the Immutable OrderedSet draft-js uses for styles.
  htmlToStyle: htmlToStyle as unknown as (nodeName: string, node: HTMLElement, current: Set<string>) => Set<string>,
  htmlToBlock,
  htmlToEntity,
});

/** draft-convert's reader with its optional arguments (its types list only the HTML): options and DOM builder. */
const readHtml = fromHTML as unknown as (
  html: string,
  options: { flat: boolean },
  buildDom: (html: string) => HTMLElement,
) => ContentState;

/* ------------------------------------------------------------ normalising */

function entityType(content: ContentState, key: string | null): string | null {
  if (!key) return null;
  try {
    return content.getEntity(key).getType();
  } catch {
    return null;
  }
}

function sortedStyles(styles: DraftInlineStyle): DraftInlineStyle {
  return styles
    .filter((s) => !!s && parseStyle(s) !== null)
    .sortBy((s) => styleRank(s ?? ''))
    .toOrderedSet();
}

/**
 * The content the field works with: only its block types, styles and entities; list levels in the depth (0..8),
 * other blocks' levels in data.indent (1..8); alignment in data.align; atomic blocks only with a valid image.
 */
export function normalizeContent(content: ContentState): ContentState {
  const blocks: ContentBlock[] = [];
  for (const block of content.getBlocksAsArray()) {
    const type = block.getType();
    if (type === 'atomic') {
      const key = block.getEntityAt(0);
      if (entityType(content, key) !== IMAGE) continue;
      const data = content.getEntity(key).getData() as Partial<ImageData>;
      if (!sanitizeImageSrc(data.src)) continue;
      blocks.push(
        block.merge({
          depth: 0,
          data: block.getData().clear(),
          characterList: block.getCharacterList().map(() => CharacterMetadata.create({ entity: key })),
        }) as ContentBlock,
      );
      continue;
    }
    const newType = TEXT_BLOCK_TYPES.has(type) ? type : 'unstyled';
    const oldData = block.getData();
    const level = clampIndent(Math.max(block.getDepth(), Number(oldData.get('indent') ?? 0) || 0));
    let data = oldData.clear();
    const align: unknown = oldData.get('align');
    if (isAlignment(align) && align !== 'left') data = data.set('align', align);
    if (!isListType(newType) && level > 0) data = data.set('indent', level);
    const characterList = block.getCharacterList().map((char) => {
      const entity = char?.getEntity() ?? null;
      return CharacterMetadata.create({
        style: sortedStyles(char?.getStyle() ?? block.getInlineStyleAt(0).clear()),
        // draft-js uses null for 'no entity' (its types say undefined).
        entity: (entity && entityType(content, entity) === LINK ? entity : null) as string,
      });
    });
    blocks.push(
      block.merge({
        type: newType,
        depth: isListType(newType) ? level : 0,
        data,
        characterList,
      }) as ContentBlock,
    );
  }
  if (blocks.length === 0) return ContentState.createFromText('');
  return ContentState.createFromBlockArray(blocks, content.getEntityMap());
}

/** The content as written: list levels move from the depth to data.indent, so lists are written flat. */
function toOutputForm(content: ContentState): ContentState {
  const normal = normalizeContent(content);
  const blocks = normal.getBlocksAsArray().map((block) =>
    isListType(block.getType()) && block.getDepth() > 0
      ? (block.merge({ depth: 0, data: block.getData().set('indent', block.getDepth()) }) as ContentBlock)
      : block,
  );
  return ContentState.createFromBlockArray(blocks, normal.getEntityMap());
}

/* ------------------------------------------------------------------ writing */

function blockAttrs(data: Record<string, unknown> | undefined): string {
  let attrs = '';
  const indent = indentClass(Number(data?.indent ?? 0) || 0);
  if (indent) attrs += ` class="${indent}"`;
  const align = isAlignment(data?.align) ? alignmentStyle(data.align) : '';
  if (align) attrs += ` style="${align}"`;
  return attrs;
}

function spanTag(declaration: RichTextDeclaration): { start: string; end: string } {
  return { start: `<span style="${declarationText(declaration)}">`, end: '</span>' };
}

const BLOCK_TAGS: Record<string, string> = {
  unstyled: 'p',
  'header-one': 'h1',
  'header-two': 'h2',
  'header-three': 'h3',
  blockquote: 'blockquote',
};

const toHTML = convertToHTML({
  styleToHTML: (style: string) => {
    const format = parseStyle(style);
    if (!format) return { start: '', end: '' };
    switch (format.kind) {
      case 'simple': {
        const tag = { BOLD: 'strong', ITALIC: 'em', UNDERLINE: 'u', STRIKETHROUGH: 's' }[format.style];
        return { start: `<${tag}>`, end: `</${tag}>` };
      }
      case 'font':
        return spanTag({ property: 'font-family', value: format.css });
      case 'size':
        return spanTag({ property: 'font-size', value: format.css });
      case 'color':
        return spanTag({ property: 'color', value: format.value });
      case 'bg':
        return spanTag({ property: 'background-color', value: format.value });
    }
  },
  blockToHTML: (block) => {
    const attrs = blockAttrs(block.data as Record<string, unknown> | undefined);
    switch (block.type) {
      case 'unordered-list-item':
        return { start: `<li${attrs}>`, end: '</li>', nest: createElement('ul') } as unknown as { start: string; end: string };
      case 'ordered-list-item':
        return { start: `<li${attrs}>`, end: '</li>', nest: createElement('ol') } as unknown as { start: string; end: string };
      case 'atomic':
        return { start: '<figure>', end: '</figure>' };
      default: {
        const tag = BLOCK_TAGS[block.type] ?? 'p';
        return { start: `<${tag}${attrs}>`, end: `</${tag}>` };
      }
    }
  },
  entityToHTML: (entity: RawDraftEntity, originalText: string) => {
    if (entity.type === LINK) {
      const url = sanitizeLinkUrl((entity.data as Partial<LinkData>).url);
      return { start: `<a href="${escapeAttr(url)}">`, end: '</a>' };
    }
    if (entity.type === IMAGE) {
      const data = entity.data as Partial<ImageData>;
      const src = sanitizeImageSrc(data.src);
      return src ? `<img src="${escapeAttr(src)}" alt="${escapeAttr(data.alt ?? '')}"/>` : '';
    }
    return originalText;
  },
});

/* ------------------------------------------------------------------ API */

/** True when the content holds nothing worth saving (one empty paragraph). */
export function isEmptyContent(content: ContentState): boolean {
  const blocks = content.getBlocksAsArray();
  const first = blocks[0];
  return (
    blocks.length === 1 &&
    !!first &&
    first.getType() === 'unstyled' &&
    first.getText() === '' &&
    first.getData().size === 0
  );
}

/** The content of an HTML string ('' gives an empty content). Links and images are sanitised on the way in. */
export function htmlToContent(html: string): ContentState {
  if (!html.trim()) return ContentState.createFromText('');
  return normalizeContent(readHtml(html, { flat: false }, parseHtml));
}

/** The HTML of a content ('' for an empty one). Links and images are sanitised on the way out. */
export function contentToHtml(content: ContentState): string {
  if (isEmptyContent(normalizeContent(content))) return '';
  const html = toHTML(toOutputForm(content));
  // draft-convert reads a text node of only whitespace as one unstyled space; when the HTML has one, write what
  // reading it back gives, so that read-then-write is always stable.
  if (!/>\s+</.test(html)) return html;
  const reread = htmlToContent(html);
  return isEmptyContent(reread) ? '' : toHTML(toOutputForm(reread));
}

export function htmlToEditorState(html: string, decorator?: Parameters<typeof EditorState.createWithContent>[1]) {
  return EditorState.createWithContent(htmlToContent(html), decorator);
}

export function editorStateToHtml(state: EditorState): string {
  return contentToHtml(state.getCurrentContent());
}
