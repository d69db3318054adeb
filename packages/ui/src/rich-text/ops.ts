import {
  AtomicBlockUtils,
  EditorState,
  Modifier,
  RichUtils,
  type ContentBlock,
  type ContentState,
  type DraftInlineStyle,
  type EditorChangeType,
} from 'draft-js';
import { clampIndent } from '@inventory/contract/rich-text';
import { type Alignment } from './constants';
import { parseStyle } from './format';
import { IMAGE, LINK, isListType, type ImageData, type LinkData } from './html';

/* Editing operations of the toolbar: each takes the editor state and returns the next one. */

/** The blocks the selection touches, first to last. */
export function selectedBlocks(state: EditorState): ContentBlock[] {
  const content = state.getCurrentContent();
  const selection = state.getSelection();
  const startKey = selection.getStartKey();
  const endKey = selection.getEndKey();
  const result: ContentBlock[] = [];
  let inside = false;
  for (const block of content.getBlocksAsArray()) {
    if (block.getKey() === startKey) inside = true;
    if (inside) result.push(block);
    if (block.getKey() === endKey) break;
  }
  return result;
}

export function currentBlock(state: EditorState): ContentBlock {
  return state.getCurrentContent().getBlockForKey(state.getSelection().getStartKey());
}

function mapSelectedBlocks(
  state: EditorState,
  change: EditorChangeType,
  fn: (block: ContentBlock) => ContentBlock,
): EditorState {
  const content = state.getCurrentContent();
  let blockMap = content.getBlockMap();
  for (const block of selectedBlocks(state)) blockMap = blockMap.set(block.getKey(), fn(block));
  const next = content.merge({
    blockMap,
    selectionBefore: state.getSelection(),
    selectionAfter: state.getSelection(),
  }) as ContentState;
  return EditorState.forceSelection(EditorState.push(state, next, change), state.getSelection());
}

/** A block's indent level: depth for list items, data.indent for the others. */
export function blockLevel(block: ContentBlock): number {
  return isListType(block.getType()) ? block.getDepth() : Number(block.getData().get('indent') ?? 0) || 0;
}

function withLevel(block: ContentBlock, type: string, level: number): ContentBlock {
  const clamped = clampIndent(level);
  if (isListType(type)) {
    return block.merge({ type, depth: clamped, data: block.getData().delete('indent') }) as ContentBlock;
  }
  const data = clamped > 0 ? block.getData().set('indent', clamped) : block.getData().delete('indent');
  return block.merge({ type, depth: 0, data }) as ContentBlock;
}

/** Sets the type of the selected blocks (keeping their level), or back to a paragraph when all have it already. */
export function toggleBlockType(state: EditorState, type: string): EditorState {
  const blocks = selectedBlocks(state);
  const target = blocks.every((b) => b.getType() === type) && type !== 'unstyled' ? 'unstyled' : type;
  return mapSelectedBlocks(state, 'change-block-type', (block) =>
    block.getType() === 'atomic' ? block : withLevel(block, target, blockLevel(block)),
  );
}

export function setBlockType(state: EditorState, type: string): EditorState {
  return mapSelectedBlocks(state, 'change-block-type', (block) =>
    block.getType() === 'atomic' ? block : withLevel(block, type, blockLevel(block)),
  );
}

/** Indent (+1) or outdent (-1) the selected blocks, within levels 0..8. */
export function changeIndent(state: EditorState, delta: 1 | -1): EditorState {
  return mapSelectedBlocks(state, 'adjust-depth', (block) =>
    block.getType() === 'atomic' ? block : withLevel(block, block.getType(), blockLevel(block) + delta),
  );
}

export function setAlignment(state: EditorState, align: Alignment): EditorState {
  return mapSelectedBlocks(state, 'change-block-data', (block) =>
    block.merge({
      data: align === 'left' ? block.getData().delete('align') : block.getData().set('align', align),
    }) as ContentBlock,
  );
}

export function blockAlignment(block: ContentBlock): Alignment {
  const align: unknown = block.getData().get('align');
  return align === 'center' || align === 'right' || align === 'justify' ? align : 'left';
}

export function toggleInlineStyle(state: EditorState, style: string): EditorState {
  return RichUtils.toggleInlineStyle(state, style);
}

/** Every inline style used in the selection. */
function stylesInSelection(state: EditorState): Set<string> {
  const selection = state.getSelection();
  const styles = new Set<string>();
  const blocks = selectedBlocks(state);
  blocks.forEach((block, index) => {
    const start = index === 0 ? selection.getStartOffset() : 0;
    const end = index === blocks.length - 1 ? selection.getEndOffset() : block.getLength();
    for (let i = start; i < end; i++) block.getInlineStyleAt(i).forEach((s) => s && styles.add(s));
  });
  return styles;
}

/** Sets one of the exclusive styles (font, size, colour, background: `prefix` + value), or removes it (null). */
export function setExclusiveStyle(state: EditorState, prefix: string, style: string | null): EditorState {
  const selection = state.getSelection();
  if (selection.isCollapsed()) {
    const current = state.getCurrentInlineStyle();
    let next = current.filter((s) => !s?.startsWith(prefix)).toOrderedSet();
    if (style) next = next.add(style);
    return EditorState.setInlineStyleOverride(state, next);
  }
  let content = state.getCurrentContent();
  for (const s of stylesInSelection(state)) {
    if (s.startsWith(prefix)) content = Modifier.removeInlineStyle(content, selection, s);
  }
  if (style) content = Modifier.applyInlineStyle(content, selection, style);
  return EditorState.forceSelection(EditorState.push(state, content, 'change-inline-style'), selection);
}

/** The value of an exclusive style at the cursor ('' when none). */
export function exclusiveStyleValue(styles: DraftInlineStyle, prefix: string): string {
  const found = styles.find((s) => !!s && s.startsWith(prefix) && parseStyle(s) !== null);
  return found ? found.slice(prefix.length) : '';
}

/** Clean: removes every inline style and link from the selection and makes its blocks plain paragraphs. */
export function clean(state: EditorState): EditorState {
  const selection = state.getSelection();
  let content = state.getCurrentContent();
  for (const s of stylesInSelection(state)) content = Modifier.removeInlineStyle(content, selection, s);
  if (!selection.isCollapsed()) content = Modifier.applyEntity(content, selection, null);
  let next = EditorState.push(state, content, 'change-inline-style');
  next = EditorState.forceSelection(next, selection);
  next = mapSelectedBlocks(next, 'change-block-type', (block) =>
    block.getType() === 'atomic'
      ? block
      : (block.merge({ type: 'unstyled', depth: 0, data: block.getData().clear() }) as ContentBlock),
  );
  return selection.isCollapsed() ? EditorState.setInlineStyleOverride(next, next.getCurrentInlineStyle().clear()) : next;
}

/** The link entity at the start of the selection, if any. */
export function linkAtSelection(state: EditorState): { key: string; url: string } | null {
  const selection = state.getSelection();
  const block = currentBlock(state);
  const offset = selection.isCollapsed() ? Math.max(0, selection.getStartOffset() - 1) : selection.getStartOffset();
  const key = block.getEntityAt(offset);
  if (!key) return null;
  const entity = state.getCurrentContent().getEntity(key);
  return entity.getType() === LINK ? { key, url: (entity.getData() as LinkData).url } : null;
}

/**
 * Makes the selection a link to `url` (already sanitised); with nothing selected the address itself is inserted
 * as the link's text (`text`).
 */
export function applyLink(state: EditorState, url: string, text: string): EditorState {
  const data: LinkData = { url };
  let content = state.getCurrentContent().createEntity(LINK, 'MUTABLE', data);
  const key = content.getLastCreatedEntityKey();
  const selection = state.getSelection();
  if (selection.isCollapsed()) {
    content = Modifier.insertText(content, selection, text, state.getCurrentInlineStyle(), key);
    return EditorState.push(state, content, 'insert-characters');
  }
  content = Modifier.applyEntity(content, selection, key);
  return EditorState.forceSelection(EditorState.push(state, content, 'apply-entity'), selection);
}

export function removeLink(state: EditorState): EditorState {
  const selection = state.getSelection();
  if (selection.isCollapsed()) {
    // Remove the whole link around the cursor.
    const link = linkAtSelection(state);
    if (!link) return state;
    const block = currentBlock(state);
    let range: { start: number; end: number } | null = null;
    block.findEntityRanges(
      (c) => c.getEntity() === link.key,
      (start, end) => {
        if (start <= selection.getStartOffset() && selection.getStartOffset() <= end) range = { start, end };
      },
    );
    const found = range as { start: number; end: number } | null;
    if (!found) return state;
    const linkSelection = selection.merge({ anchorOffset: found.start, focusOffset: found.end, isBackward: false });
    const content = Modifier.applyEntity(state.getCurrentContent(), linkSelection, null);
    return EditorState.forceSelection(EditorState.push(state, content, 'apply-entity'), selection);
  }
  return RichUtils.toggleLink(state, selection, null);
}

/** Inserts an image (a sanitised data: URL) as its own block at the cursor. */
export function insertImage(state: EditorState, src: string, alt = ''): EditorState {
  const data: ImageData = { src, alt };
  const content = state.getCurrentContent().createEntity(IMAGE, 'IMMUTABLE', data);
  return AtomicBlockUtils.insertAtomicBlock(
    EditorState.set(state, { currentContent: content }),
    content.getLastCreatedEntityKey(),
    ' ',
  );
}
