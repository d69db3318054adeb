import {
  RICH_TEXT_ALIGNMENTS,
  RICH_TEXT_FONT_FAMILIES,
  RICH_TEXT_FONT_SIZES,
  RICH_TEXT_IMAGE_TYPES,
  RICH_TEXT_MAX_IMAGE_BYTES,
  RICH_TEXT_MAX_INDENT,
  RICH_TEXT_UNDO_LIMIT,
  RICH_TEXT_UNDO_MERGE_MS,
  type RichTextAlignment,
  type RichTextImageType,
} from '@inventory/contract/rich-text';
import { tokens } from '../tokens/tokens';

/*
 * The rich-text field's settings. The rules of the format (tags, styles, links, images, indent) come from the
 * contract's rule set, which the server's and the mocks' sanitizers read too; the toolbar's labels and palette
 * live here.
 */

/** Indent levels 1 to 8 (0 = not indented). */
export const MAX_INDENT = RICH_TEXT_MAX_INDENT;

/** The undo history keeps at most UNDO_LIMIT entries; changes within UNDO_MERGE_MS merge into one step. */
export const UNDO_LIMIT = RICH_TEXT_UNDO_LIMIT;
export const UNDO_MERGE_MS = RICH_TEXT_UNDO_MERGE_MS;

/** Images are embedded in the content as data: URLs of these types, each file at most MAX_IMAGE_BYTES. */
export const IMAGE_TYPES = RICH_TEXT_IMAGE_TYPES;
export type ImageType = RichTextImageType;
export const MAX_IMAGE_BYTES = RICH_TEXT_MAX_IMAGE_BYTES;

/** Block types the field produces. */
export const HEADINGS = [
  { type: 'unstyled', label: 'Normal' },
  { type: 'header-one', label: 'Heading 1' },
  { type: 'header-two', label: 'Heading 2' },
  { type: 'header-three', label: 'Heading 3' },
] as const;

/** Font families: the value is written as `font-family:<css>`; sans (the default) writes nothing. */
export const FONTS = [
  { value: '', label: 'Sans serif', css: '' },
  { value: 'serif', label: 'Serif', css: RICH_TEXT_FONT_FAMILIES.serif },
  { value: 'monospace', label: 'Monospace', css: RICH_TEXT_FONT_FAMILIES.monospace },
] as const;

/** Sizes: written as `font-size:<css>`; normal writes nothing. */
export const SIZES = [
  { value: 'small', label: 'Small', css: RICH_TEXT_FONT_SIZES.small },
  { value: '', label: 'Normal', css: '' },
  { value: 'large', label: 'Large', css: RICH_TEXT_FONT_SIZES.large },
  { value: 'huge', label: 'Huge', css: RICH_TEXT_FONT_SIZES.huge },
] as const;

export const ALIGNMENTS = RICH_TEXT_ALIGNMENTS;
export type Alignment = RichTextAlignment;

/** Text colours: from the design tokens, each readable on white (WCAG AA). */
export const TEXT_COLORS = [
  { name: 'Ink', value: tokens.colors.ink.DEFAULT },
  { name: 'Grey', value: tokens.colors.ink.muted },
  { name: 'Blue', value: tokens.colors.brand[600] },
  { name: 'Teal blue', value: tokens.colors.info.DEFAULT },
  { name: 'Green', value: tokens.colors.success.DEFAULT },
  { name: 'Amber', value: tokens.colors.warning.DEFAULT },
  { name: 'Red', value: tokens.colors.danger.DEFAULT },
  { name: 'Purple', value: tokens.colors.box.purple },
] as const;

/** Background (highlight) colours: the soft token colours, on which every text colour stays readable. */
export const BACKGROUND_COLORS = [
  { name: 'Grey', value: tokens.colors.surface.sunken },
  { name: 'Blue', value: tokens.colors.brand[100] },
  { name: 'Teal blue', value: tokens.colors.info.soft },
  { name: 'Green', value: tokens.colors.success.soft },
  { name: 'Amber', value: tokens.colors.warning.soft },
  { name: 'Red', value: tokens.colors.danger.soft },
] as const;
