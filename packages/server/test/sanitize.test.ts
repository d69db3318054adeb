import { describe, expect, it } from 'vitest';
// The rich-text format's shared corpus: what the editor writes, and hostile and foreign HTML. The editor (in
// Chromium) and the mocks' sanitizer run the same cases, so the three readers cannot drift apart.
import { RICH_TEXT_CORPUS } from '../../contract/test/rich-text-corpus';
import { safeHref, sanitizeDescription } from '../src/features/products/sanitize';

describe('description sanitizer', () => {
  it.each(RICH_TEXT_CORPUS)('rich-text corpus: $name', ({ input, output }) => {
    expect(sanitizeDescription(input)).toBe(output);
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<p onclick="alert(1)">x<img src=x onerror="alert(1)"></p>', '<p>x</p>'],
    ['<p><a href="javascript:alert(1)">x</a></p>', '<p><a href="">x</a></p>'],
    ['<p><a href="  JavaScript:alert(1)">x</a></p>', '<p><a href="">x</a></p>'],
    ['<p><a href="data:text/html,hi">x</a></p>', '<p><a href="">x</a></p>'],
    ['<p><a href="vbscript:msgbox">x</a></p>', '<p><a href="">x</a></p>'],
    ['<p><a href="/admin">x</a></p>', '<p><a href="">x</a></p>'],
    ['<p><a href="//evil.example">x</a></p>', '<p><a href="">x</a></p>'],
    ['<p><a>x</a></p>', '<p><a href="">x</a></p>'],
    ['<p><a href="https://e.com" target="_blank" onclick="x()">x</a></p>', '<p><a href="https://e.com">x</a></p>'],
    ['<p>a</p><img src="https://evil.example/x.png"><p>b</p>', '<p>a</p><p>b</p>'],
    ['<figure><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="></figure><p>b</p>', '<p>b</p>'],
    ['<figure><img src="data:image/png;base64,AAAA" onerror="x"></figure>', '<figure><img src="data:image/png;base64,AAAA" alt=""/></figure>'],
    ['<iframe src="https://evil.example">inner</iframe><p>x</p>', '<p>x</p>'],
    ['<svg onload="alert(1)"><text>t</text></svg><p>x</p>', '<p>x</p>'],
    ['<style>p{color:red}</style><p>x</p>', '<p>x</p>'],
    ['<p style="text-align:center;color:red">x</p>', '<p style="text-align:center">x</p>'],
    ['<p style="text-align:left">x</p>', '<p>x</p>'],
    ['<p class="ql-indent-9 evil">x</p>', '<p class="ql-indent-8">x</p>'],
    ['<ul class="x" style="color:#000000"><li>a</li></ul>', '<ul><li>a</li></ul>'],
    ['<p><span style="color:#c62828;font-size:1.5em">x</span></p>', '<p><span style="font-size:1.5em"><span style="color:#c62828">x</span></span></p>'],
    ['<p><span>c</span><span style="color:#000">d</span></p>', '<p>c<span style="color:#000000">d</span></p>'],
    ['<p><span style="color:red">x</span></p>', '<p>x</p>'],
    ['<p><span style="background-color:url(javascript:x)">x</span></p>', '<p>x</p>'],
    ['<p><strong class="x" style="color:#000000">b</strong></p>', '<p><span style="color:#000000"><strong>b</strong></span></p>'],
    ['<p><strong style="font-weight:900;text-align:center">b</strong></p>', '<p><strong>b</strong></p>'],
    // A coloured bold run holding an italic one (the editor would write its runs apart: not in the shared corpus).
    ['<p><strong style="color: rgb(230, 0, 0);">a<em>b</em></strong>c</p>', '<p><span style="color:#e60000"><strong>a<em>b</em></strong></span>c</p>'],
    ['<div><p>x</p></div><table><tr><td>t</td></tr></table>', '<p>x</p>t'],
    ['<p>&lt;script&gt;</p>', '<p>&lt;script&gt;</p>'],
    ['   ', ''],
  ])('sanitizes %s', (input, output) => {
    expect(sanitizeDescription(input)).toBe(output);
  });

  it.each([
    ['https://example.com/a', true],
    ['http://example.com', true],
    ['mailto:shop@example.com', true],
    ['tel:+15551234', true],
    ['https://', false],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['/relative', false],
    ['ftp://example.com', false],
  ])('safeHref(%s) keeps it: %s', (href, kept) => {
    expect(safeHref(href)).toBe(kept ? href : '');
  });
});
