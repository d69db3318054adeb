/**
 * Rich text as plain text and back, for places that cannot show HTML (the products export's Description column) and
 * for plain text typed where rich text goes (that column edited in a spreadsheet). Reads the sanitized HTML of this
 * format only (its tags, no scripts or comments), so a pattern over tags is enough.
 */
const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|pre|div|ul|ol)>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text a reader sees: one line per paragraph, heading or list item (items start with "• "), line breaks kept. */
export function richTextToPlain(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as rich text: a paragraph per line (blank lines dropped), the text escaped. */
export function plainToRichText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** Whether `text` says what `html` says, compared as richTextToPlain reads it (line endings and edges ignored). */
export function sameAsPlain(text: string, html: string): boolean {
  return text.replace(/\r\n?/g, '\n').trim() === richTextToPlain(html);
}
