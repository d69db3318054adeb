import { RICH_TEXT_BLOCK_TAGS, RICH_TEXT_BREAK_TAG, RICH_TEXT_INLINE_TAGS } from '@inventory/contract';

/**
 * Whether a description is already exactly what the sanitizer would write: plain text, or text blocks of the format's
 * own tags without attributes, holding text, line breaks and inline formatting, nested properly. Such HTML comes back
 * from the sanitizer byte for byte, so it can skip parsing (a catalogue import sanitizes tens of thousands of
 * descriptions, most of them this simple). Anything else (attributes, links, lists, images, foreign tags, stray `<`,
 * `>`, quotes, other entities, control characters) is not recognised here and goes through the sanitizer.
 */
export function isCanonicalDescription(html: string): boolean {
  const open: string[] = [];
  let at = 0;
  while (at < html.length) {
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(html);
    if (!match) return false;
    at = TOKEN.lastIndex;
    const [, closing, tag, lineBreak] = match;
    if (lineBreak) {
      if (open.length === 0) return false;
    } else if (closing) {
      if (open.pop() !== tag) return false;
    } else if (tag) {
      // Blocks only at the top; inline formatting only inside a block, never inside itself.
      if (BLOCKS.has(tag) ? open.length > 0 : open.length === 0 || open.includes(tag)) return false;
      open.push(tag);
    }
  }
  return open.length === 0;
}

const BLOCKS = new Set(Object.keys(RICH_TEXT_BLOCK_TAGS));
const TAG_NAMES = [...BLOCKS, ...Object.keys(RICH_TEXT_INLINE_TAGS)].join('|');
/** A run of text without markup, quotes or control characters; an entity the sanitizer writes; a tag; `<br/>`. */
const TOKEN = new RegExp(
  `[^<>&"'\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]+|&(?:amp|lt|gt|quot|#x27);|<(/?)(${TAG_NAMES})>|<(${RICH_TEXT_BREAK_TAG})/>`,
  'y',
);
