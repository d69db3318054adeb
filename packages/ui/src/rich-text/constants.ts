import { tokens } from '../../../../tailwind.config';

/*
 * The rich-text field's rules. ui depends on nothing of ours, so the values of SPEC.md live here as constants.
 */

/** SPEC.md §5: links keep only these protocols; any other address is blanked (href=""). */
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'] as const;

/** SPEC.md §9: indent levels 1 to 8 (0 = not indented). */
export const MIN_INDENT = 0;
export const MAX_INDENT = 8;

/** SPEC.md §9: the undo history keeps at most 100 entries ... */
export const UNDO_LIMIT = 100;
/** ... and changes made within 1000 ms (of the first change of a step) merge into one undo step. */
export const UNDO_MERGE_MS = 1000;

/** SPEC.md §5: images are embedded in the content as data: URLs of these types. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** Largest image embedded (bytes of the file); the description travels in one JSON body. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

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
  { value: 'serif', label: 'Serif', css: 'serif' },
  { value: 'monospace', label: 'Monospace', css: 'monospace' },
] as const;

/** Sizes: written as `font-size:<css>`; normal writes nothing. */
export const SIZES = [
  { value: 'small', label: 'Small', css: '0.75em' },
  { value: '', label: 'Normal', css: '' },
  { value: 'large', label: 'Large', css: '1.5em' },
  { value: 'huge', label: 'Huge', css: '2.5em' },
] as const;

export const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

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
