import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeDescription } from '../src/features/products/sanitize';

/*
 * The server's description sanitizer against the rich-text field's own format. STABLE_CASES is a copy of
 * packages/ui/src/rich-text/html.cases.ts (the field's round-trip examples): the server must keep each byte for byte.
 */
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** HTML the field writes; each must come out unchanged. */
const STABLE_CASES: Array<{ name: string; html: string }> = [
  { name: 'paragraph', html: '<p>Plain text</p>' },
  { name: 'headings', html: '<h1>Title</h1><h2>Subtitle</h2><h3>Section</h3><p>Body</p>' },
  { name: 'bold, italic, underline, strike', html: '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>' },
  { name: 'nested inline', html: '<p><strong><em>both</em></strong></p>' },
  { name: 'overlapping inline', html: '<p><strong>bo</strong><em><strong>th</strong> it</em></p>' },
  {
    name: 'fonts',
    html: '<p><span style="font-family:serif">serif</span> <span style="font-family:monospace">mono</span></p>',
  },
  {
    name: 'sizes',
    html: '<p><span style="font-size:0.75em">small</span> <span style="font-size:1.5em">large</span> <span style="font-size:2.5em">huge</span></p>',
  },
  {
    name: 'colour and background',
    html: '<p><span style="color:#c62828">red</span> <span style="background-color:#fff4d6">amber</span></p>',
  },
  {
    name: 'all inline formats together',
    html: '<p><span style="font-family:serif"><span style="font-size:1.5em"><span style="color:#c62828"><span style="background-color:#fff4d6"><strong><em><u><s>x</s></u></em></strong></span></span></span></span></p>',
  },
  { name: 'blockquote', html: '<blockquote>Quoted</blockquote>' },
  {
    name: 'alignment',
    html: '<p style="text-align:center">c</p><p style="text-align:right">r</p><p style="text-align:justify">j</p>',
  },
  {
    name: 'indent',
    html: '<p class="ql-indent-1">one</p><p class="ql-indent-8">eight</p><h2 class="ql-indent-3" style="text-align:center">h</h2><blockquote class="ql-indent-2">q</blockquote>',
  },
  {
    name: 'lists',
    html: '<ul><li>a</li><li class="ql-indent-1">b</li><li class="ql-indent-8" style="text-align:right">c</li></ul><ol><li>one</li><li>two</li></ol>',
  },
  {
    name: 'links',
    html: '<p>See <a href="https://example.com/a?b=1&amp;c=2">site</a>, <a href="http://example.com">http</a>, <a href="mailto:shop@example.com">mail</a>, <a href="tel:+15551234">call</a></p>',
  },
  { name: 'blanked link', html: '<p><a href="">no address</a></p>' },
  { name: 'styled link', html: '<p><strong><a href="https://example.com">bold link</a></strong></p>' },
  { name: 'image', html: `<figure><img src="${PNG_1PX}" alt=""/></figure><p>after</p>` },
  { name: 'image with alt', html: `<figure><img src="${PNG_1PX}" alt="A &quot;red&quot; dot"/></figure>` },
  { name: 'escaped text', html: '<p>a &lt; b &amp;&amp; c &gt; d &quot;q&quot; &#x27;s&#x27;</p>' },
  { name: 'line break', html: '<p>line one<br/>line two</p>' },
  { name: 'empty paragraph between', html: '<p>a</p><p></p><p>b</p>' },
  { name: 'empty', html: '' },
];


describe('description sanitizer', () => {
  it.each(STABLE_CASES)('keeps what the field writes: $name', ({ html }) => {
    expect(sanitizeDescription(html)).toBe(html);
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
    ['<p style="text-align:center;color:red">x</p>', '<p>x</p>'],
    ['<p style="text-align:left">x</p>', '<p>x</p>'],
    ['<p class="ql-indent-9 evil">x</p>', '<p>x</p>'],
    ['<ul class="x" style="color:#000000"><li>a</li></ul>', '<ul><li>a</li></ul>'],
    ['<p><span style="color:#c62828;font-size:1.5em">x</span></p>', '<p>x</p>'],
    ['<p><span style="color:red">x</span></p>', '<p>x</p>'],
    ['<p><span style="background-color:url(javascript:x)">x</span></p>', '<p>x</p>'],
    ['<p><strong class="x" style="color:#000000">b</strong></p>', '<p><strong>b</strong></p>'],
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
