import { isEmptyRichText } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_CORPUS } from '../../contract/test/rich-text-corpus';
import { isCanonicalDescription } from '../src/features/products/canonical-description';
import { sanitizeByAllowList } from '../src/features/products/sanitize';

/** Pieces of HTML, well-formed and not, that random descriptions are strung together from. */
const PIECES = [
  'Bench item 7', ' ', '\n', '\r\n', '\t', 'Käse 🧀', '&amp;', '&lt;', '&gt;', '&quot;', '&#x27;', '&nbsp;', '&#39;',
  '&', '<', '>', '"', "'", '\u0000', '\u000b', '<p>', '</p>', '<h1>', '</h1>', '<h3>', '</h3>', '<h4>', '</h4>',
  '<blockquote>', '</blockquote>', '<strong>', '</strong>', '<em>', '</em>', '<u>', '</u>', '<s>', '</s>', '<b>', '</b>',
  '<br/>', '<br>', '<br />', '<P>', '<p class="x">', '<ul>', '<li>', '</li>', '</ul>', '<a href="https://e.com">', '</a>',
  '<span>', '</span>', '<div>', '</div>', '<script>', '</script>', '<!-- c -->',
];

/** A seeded generator, so a failure names a description that can be replayed. */
function randomDescriptions(count: number, seed = 7): string[] {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
  return Array.from({ length: count }, () => {
    const length = 1 + Math.floor(next() * 12);
    return Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
  });
}

/** Descriptions built to be canonical: blocks of text with inline formatting and breaks. */
function wellFormedDescriptions(count: number, seed = 11): string[] {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 4294967296;
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const texts = ['Cable 2 m', 'USB-C &amp; HDMI', '10 &lt; 20 &gt; 5', 'say &quot;hi&quot;', 'it&#x27;s', 'Ünïcode ✓', ' ', '\n'];
  return Array.from({ length: count }, () => {
    const blocks = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
      const block = pick(['p', 'h1', 'h2', 'h3', 'blockquote']);
      const inline = Array.from({ length: Math.floor(next() * 4) }, () => {
        const kind = next();
        if (kind < 0.2) return '<br/>';
        if (kind < 0.6) return pick(texts);
        const tag = pick(['strong', 'em', 'u', 's']);
        return `<${tag}>${pick(texts)}</${tag}>`;
      }).join('');
      return `<${block}>${inline}</${block}>`;
    });
    return next() < 0.1 ? pick(texts) + 'plain text' : blocks.join(pick(['', '\n']));
  });
}

describe('descriptions the sanitizer would give back unchanged', () => {
  it('are given back by the sanitizer byte for byte (random and well-formed descriptions)', () => {
    const candidates = [...randomDescriptions(20_000), ...wellFormedDescriptions(2_000)];
    const canonical = candidates.filter((html) => !isEmptyRichText(html) && isCanonicalDescription(html));
    // The proof covers enough ground: most well-formed ones, and some of the random ones.
    expect(canonical.length).toBeGreaterThan(2_000);
    for (const html of canonical) expect(sanitizeByAllowList(html), JSON.stringify(html)).toBe(html);
  });

  it('holds for the rich-text corpus (its answers through the shortcut are in sanitize.test.ts)', () => {
    const canonical = RICH_TEXT_CORPUS.filter(({ input }) => isCanonicalDescription(input) && !isEmptyRichText(input));
    expect(canonical.length).toBeGreaterThan(0);
    for (const { input, output } of canonical) expect(output).toBe(input);
  });

  it.each([
    'Plain text from a spreadsheet',
    '<p>A <strong>bold</strong> and <em>quiet</em> line<br/>and another</p><h2>Specs</h2>',
    '<blockquote>10 &lt; 20 &amp; &quot;quoted&quot; it&#x27;s</blockquote>',
  ])('recognises %s', (html) => {
    expect(isCanonicalDescription(html)).toBe(true);
  });

  it.each([
    '<p class="ql-indent-1">x</p>',
    '<p>x',
    '<p><p>x</p></p>',
    '<strong>outside a block</strong>',
    '<p><strong><strong>x</strong></strong></p>',
    '<p>x<br></p>',
    '<b>x</b>',
    '<p>"quoted"</p>',
    '<p>a &nbsp; b</p>',
    '<p>x</p><script>alert(1)</script>',
    '<ul><li>x</li></ul>',
    'a > b',
    'tab\u0000nul',
  ])('leaves %s to the sanitizer', (html) => {
    expect(isCanonicalDescription(html)).toBe(false);
  });
});
