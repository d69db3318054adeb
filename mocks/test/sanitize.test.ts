import { describe, expect, it } from 'vitest';
import { RICH_TEXT_CORPUS } from '../../packages/contract/test/rich-text-corpus';
import { sanitizeDescription } from '../src/sanitize';

// The rich-text format's shared corpus: the mocks keep exactly what the server's sanitizer and the editor keep.
describe('mock description sanitizer', () => {
  it.each(RICH_TEXT_CORPUS)('rich-text corpus: $name', ({ input, output }) => {
    expect(sanitizeDescription(input)).toBe(output);
  });

  it.each([
    ['a reference it does not know, kept as written', '<p>caf&eacute; &unknown;</p>', '<p>caf&eacute; &unknown;</p>'],
    ['a bare ampersand before a name', '<p>fish &chips</p>', '<p>fish &chips</p>'],
    ['an unclosed element closed at the end', '<p><strong>bold', '<p><strong>bold</strong></p>'],
    ['a stray closing tag', '<p>a</em>b</p>', '<p>ab</p>'],
    [
      'a coloured bold run holding an italic one',
      '<p><strong style="color: rgb(230, 0, 0);">a<em>b</em></strong>c</p>',
      '<p><span style="color:#e60000"><strong>a<em>b</em></strong></span>c</p>',
    ],
    ['a figure with text and no image, dropped whole', '<figure>caption</figure><p>b</p>', '<p>b</p>'],
    ['<script/> still holds what follows', '<script/>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['a self-closed svg', '<svg/><p>x</p>', '<p>x</p>'],
    ['a dropped element never closed', '<p>x</p><style>p{}', '<p>x</p>'],
  ])('%s', (_name, input, output) => {
    expect(sanitizeDescription(input)).toBe(output);
  });
});
