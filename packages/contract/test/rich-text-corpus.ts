/*
 * The rich-text format as examples, for its three readers: the editor (read then write, in Chromium), the server's
 * sanitizer and the mocks' sanitizer. Each must turn every input into exactly its output.
 *
 * Left out on purpose, because the editor rebuilds the structure it reads while the sanitizers keep the structure
 * they are given (the results render alike, and the sanitizers' own tests cover them):
 *   - text outside any block ("just text"): the editor wraps it in a paragraph;
 *   - whitespace between or around blocks, and line feeds inside text: the editor drops or collapses them;
 *   - blocks inside blocks (blockquote > p, div wrappers, tables), nested lists, images outside a figure and
 *     figures holding text: the editor writes its own flat blocks;
 *   - inline formats nested in another order than the editor's (font, size, colour, background, strong, em, u,
 *     s), neighbouring runs of one format, nested spans of one kind: the editor writes its canonical nesting;
 *   - style before class on a block: the editor writes class first, the sanitizers keep the order given;
 *   - unclosed or misnested tags: parsers repair them in different ways;
 *   - `&nbsp;` and named references beyond the common ones: the editor reads `&nbsp;` as a space, and the mocks'
 *     small sanitizer keeps references it does not know as written.
 */

export interface RichTextCase {
  name: string;
  input: string;
  output: string;
}

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const stable = (name: string, html: string): RichTextCase => ({ name, input: html, output: html });

/** HTML the editor writes; each comes back unchanged. */
export const STABLE_CASES: RichTextCase[] = [
  stable('paragraph', '<p>Plain text</p>'),
  stable('headings', '<h1>Title</h1><h2>Subtitle</h2><h3>Section</h3><p>Body</p>'),
  stable('bold, italic, underline, strike', '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>'),
  stable('nested inline', '<p><strong><em>both</em></strong></p>'),
  stable('overlapping inline', '<p><strong>bo</strong><em><strong>th</strong> it</em></p>'),
  stable(
    'fonts',
    '<p><span style="font-family:serif">serif</span> <span style="font-family:monospace">mono</span></p>',
  ),
  stable(
    'sizes',
    '<p><span style="font-size:0.75em">small</span> <span style="font-size:1.5em">large</span> <span style="font-size:2.5em">huge</span></p>',
  ),
  stable(
    'colour and background',
    '<p><span style="color:#c62828">red</span> <span style="background-color:#fff4d6">amber</span></p>',
  ),
  stable(
    'all inline formats together',
    '<p><span style="font-family:serif"><span style="font-size:1.5em"><span style="color:#c62828"><span style="background-color:#fff4d6"><strong><em><u><s>x</s></u></em></strong></span></span></span></span></p>',
  ),
  stable('blockquote', '<blockquote>Quoted</blockquote>'),
  stable(
    'alignment',
    '<p style="text-align:center">c</p><p style="text-align:right">r</p><p style="text-align:justify">j</p>',
  ),
  stable(
    'indent',
    '<p class="ql-indent-1">one</p><p class="ql-indent-8">eight</p><h2 class="ql-indent-3" style="text-align:center">h</h2><blockquote class="ql-indent-2">q</blockquote>',
  ),
  stable(
    'lists',
    '<ul><li>a</li><li class="ql-indent-1">b</li><li class="ql-indent-8" style="text-align:right">c</li></ul><ol><li>one</li><li>two</li></ol>',
  ),
  stable(
    'links',
    '<p>See <a href="https://example.com/a?b=1&amp;c=2">site</a>, <a href="http://example.com">http</a>, <a href="mailto:shop@example.com">mail</a>, <a href="tel:+15551234">call</a></p>',
  ),
  stable('blanked link', '<p><a href="">no address</a></p>'),
  stable('styled link', '<p><strong><a href="https://example.com">bold link</a></strong></p>'),
  stable('image', `<figure><img src="${PNG_1PX}" alt=""/></figure><p>after</p>`),
  stable('image with alt', `<figure><img src="${PNG_1PX}" alt="A &quot;red&quot; dot"/></figure>`),
  stable('escaped text', '<p>a &lt; b &amp;&amp; c &gt; d &quot;q&quot; &#x27;s&#x27;</p>'),
  stable('line break', '<p>line one<br/>line two</p>'),
  stable('empty paragraph between', '<p>a</p><p></p><p>b</p>'),
  stable('empty', ''),
];

/** HTML from elsewhere (pasted, old data, an attacker) and what the format keeps of it. */
export const FOREIGN_CASES: RichTextCase[] = [
  // Elements dropped with their content
  { name: 'script', input: '<script>alert(1)</script><p>x</p>', output: '<p>x</p>' },
  {
    name: 'upper-case script with src',
    input: '<SCRIPT SRC="https://evil.example/x.js"></SCRIPT><p>x</p>',
    output: '<p>x</p>',
  },
  { name: 'script inside a paragraph', input: '<p>a<script>alert(1)</script>b</p>', output: '<p>ab</p>' },
  { name: 'style', input: '<style>p{color:red}</style><p>x</p>', output: '<p>x</p>' },
  { name: 'iframe', input: '<iframe src="https://evil.example">inner</iframe><p>x</p>', output: '<p>x</p>' },
  { name: 'svg', input: '<svg onload="alert(1)"><text>t</text></svg><p>x</p>', output: '<p>x</p>' },
  { name: 'math', input: '<math><mi>x</mi><mtext>text</mtext></math><p>x</p>', output: '<p>x</p>' },
  { name: 'template', input: '<template><p>t</p></template><p>x</p>', output: '<p>x</p>' },
  {
    name: 'noscript hiding markup in an attribute',
    input: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript><p>x</p>',
    output: '<p>x</p>',
  },
  {
    name: 'object and embed',
    input: '<object data="x.swf"><embed src="x.swf">fallback</object><p>x</p>',
    output: '<p>x</p>',
  },
  {
    name: 'form controls',
    input: '<textarea><p>t</p></textarea><select><option>o</option></select><p>x</p>',
    output: '<p>x</p>',
  },
  { name: 'title and xmp', input: '<title>t</title><xmp><p>x</p></xmp><p>y</p>', output: '<p>y</p>' },
  { name: 'nothing left', input: '<script>alert(1)</script>', output: '' },
  { name: 'only an emptied paragraph', input: '<p><script>alert(1)</script></p>', output: '' },

  // Attributes
  {
    name: 'event handlers and ids',
    input: '<p id="x" onclick="alert(1)" onmouseover="alert(2)">x<img src=x onerror="alert(1)"></p>',
    output: '<p>x</p>',
  },
  {
    name: 'link with target, handler, class and style',
    input:
      '<p><a href="https://example.com" target="_blank" onclick="x()" class="ql-indent-1" style="color:#000000">x</a></p>',
    output: '<p><a href="https://example.com">x</a></p>',
  },
  {
    name: 'unquoted and single-quoted attributes',
    input: "<p class='ql-indent-3' style=text-align:right>x</p>",
    output: '<p class="ql-indent-3" style="text-align:right">x</p>',
  },
  {
    name: 'other classes beside an indent',
    input: '<p class="ql-indent-2 evil">x</p><p class="evil">y</p>',
    output: '<p class="ql-indent-2">x</p><p>y</p>',
  },
  { name: 'indent above 8', input: '<p class="ql-indent-12">x</p>', output: '<p class="ql-indent-8">x</p>' },
  {
    name: 'class and style on a list and inline (a bold run keeps its colour as a span)',
    input:
      '<ul class="x" style="color:#000000"><li>a</li></ul><p><strong class="x" style="color:#000000;font-weight:900">b</strong></p>',
    output: '<ul><li>a</li></ul><p><span style="color:#000000"><strong>b</strong></span></p>',
  },
  {
    name: 'block styles other than alignment',
    input: '<p style="color:red;font-weight:bold">x</p>',
    output: '<p>x</p>',
  },
  {
    name: 'alignment among other declarations',
    input: '<p style="color:red; Text-Align: Center">x</p>',
    output: '<p style="text-align:center">x</p>',
  },
  { name: 'text-align left is the default', input: '<p style="text-align:left">x</p>', output: '<p>x</p>' },

  // Spans
  {
    name: 'span with two declarations: one span each, in the editor’s nesting',
    input: '<p><span style="color:#c62828;font-size:1.5em">x</span></p>',
    output: '<p><span style="font-size:1.5em"><span style="color:#c62828">x</span></span></p>',
  },
  {
    name: 'span with declarations the format does not keep beside one it does',
    input: '<p><span style="font-weight:bold; color: rgb(198, 40, 40); line-height:2">x</span></p>',
    output: '<p><span style="color:#c62828">x</span></p>',
  },

  // Quill's classes (the original client's editor writes alignment, size and font as classes)
  {
    name: 'Quill: alignment classes',
    input: '<p class="ql-align-center">c</p><p class="ql-align-right">r</p><h2 class="ql-align-justify">j</h2>',
    output: '<p style="text-align:center">c</p><p style="text-align:right">r</p><h2 style="text-align:justify">j</h2>',
  },
  {
    name: 'Quill: alignment and indent together, on a paragraph and a list item',
    input:
      '<p class="ql-align-center ql-indent-2">p</p><ol><li class="ql-indent-1 ql-align-right">one</li><li class="ql-align-justify">two</li></ol>',
    output:
      '<p class="ql-indent-2" style="text-align:center">p</p><ol><li class="ql-indent-1" style="text-align:right">one</li><li style="text-align:justify">two</li></ol>',
  },
  {
    name: 'Quill: sizes and fonts',
    input:
      '<p><span class="ql-size-small">s</span> <span class="ql-size-large">l</span> <span class="ql-size-huge">h</span> <span class="ql-font-serif">f</span> <span class="ql-font-monospace">m</span></p>',
    output:
      '<p><span style="font-size:0.75em">s</span> <span style="font-size:1.5em">l</span> <span style="font-size:2.5em">h</span> <span style="font-family:serif">f</span> <span style="font-family:monospace">m</span></p>',
  },
  {
    name: 'Quill: colour and background on one span, with a font and a size',
    input:
      '<p><span class="ql-font-serif ql-size-large" style="color: rgb(230, 0, 0); background-color: rgb(255, 255, 0);">marked</span></p>',
    output:
      '<p><span style="font-family:serif"><span style="font-size:1.5em"><span style="color:#e60000"><span style="background-color:#ffff00">marked</span></span></span></span></p>',
  },
  {
    // One run a block: runs sharing a block are nested the editor's own way (left out, see above).
    name: 'Quill: colour, background, size and font on bold, italic, underlined and struck runs',
    input:
      '<p><strong style="color: rgb(230, 0, 0); background-color: rgb(255, 255, 0);">a</strong></p><p><em class="ql-size-large">b</em></p><p><u class="ql-font-serif" style="color:#c62828">c</u></p><p><s style="font-weight:bold">d</s></p><p><b style="color:#c62828">e</b></p>',
    output:
      '<p><span style="color:#e60000"><span style="background-color:#ffff00"><strong>a</strong></span></span></p><p><span style="font-size:1.5em"><em>b</em></span></p><p><span style="font-family:serif"><span style="color:#c62828"><u>c</u></span></span></p><p><s>d</s></p><p><span style="color:#c62828"><strong>e</strong></span></p>',
  },
  {
    name: 'Quill: classes it does not offer, and a style outranking a class',
    input:
      '<p class="ql-align-left ql-direction-rtl">a</p><p style="text-align:right" class="ql-align-center">b</p><p><span class="ql-size-10px ql-font-comic">c</span><span class="ql-size-small" style="font-size:2.5em">d</span></p>',
    output: '<p>a</p><p style="text-align:right">b</p><p>c<span style="font-size:2.5em">d</span></p>',
  },
  {
    name: 'colours, sizes and families the toolbar does not offer',
    input:
      '<p><span style="color:red">a</span><span style="font-size:13px">b</span><span style="font-family:Comic Sans MS">c</span><span style="font-family:sans-serif">d</span></p>',
    output: '<p>abcd</p>',
  },
  {
    name: 'script in a style value',
    input:
      '<p><span style="background-color:url(javascript:alert(1))">a</span><span style="color:expression(alert(1))">b</span></p>',
    output: '<p>ab</p>',
  },
  {
    name: 'colours normalised',
    input:
      '<p><span style="color: rgb(198, 40, 40)">r</span> <span style="background-color:#FFF">w</span> <span style="COLOR:#C62828;">u</span></p>',
    output:
      '<p><span style="color:#c62828">r</span> <span style="background-color:#ffffff">w</span> <span style="color:#c62828">u</span></p>',
  },
  { name: 'spans without a style', input: '<p><span>x</span> <span title="t">y</span></p>', output: '<p>x y</p>' },

  // Tags
  {
    name: 'unknown wrapper tags',
    input:
      '<p><font color="red">f</font> <mark>m</mark> <code>c</code> <x-widget onclick="x()">w</x-widget> <small>s</small></p>',
    output: '<p>f m c w s</p>',
  },
  {
    name: 'h4 to h6 become h3',
    input: '<h4>a</h4><h5>b</h5><h6 class="ql-indent-1">c</h6>',
    output: '<h3>a</h3><h3>b</h3><h3 class="ql-indent-1">c</h3>',
  },
  {
    name: 'b, i, strike and del',
    input: '<p><b>b</b> <i>i</i> <strike>s</strike> <del>d</del></p>',
    output: '<p><strong>b</strong> <em>i</em> <s>s</s> <s>d</s></p>',
  },
  { name: 'line breaks', input: '<p>a<br>b<BR />c</p>', output: '<p>a<br/>b<br/>c</p>' },
  { name: 'comment', input: '<p>a<!-- <script>alert(1)</script> -->b</p>', output: '<p>ab</p>' },

  // Links
  { name: 'javascript: link', input: '<p><a href="javascript:alert(1)">x</a></p>', output: '<p><a href="">x</a></p>' },
  {
    name: 'JavaScript: link after spaces',
    input: '<p><a href="  JavaScript:alert(1)">x</a></p>',
    output: '<p><a href="">x</a></p>',
  },
  {
    name: 'scheme written as a character reference',
    input: '<p><a href="&#106;avascript:alert(1)">x</a></p>',
    output: '<p><a href="">x</a></p>',
  },
  {
    name: 'tab inside the scheme, as a reference',
    input: '<p><a href="java&#x09;script:alert(1)">x</a></p>',
    output: '<p><a href="">x</a></p>',
  },
  {
    name: 'tab inside the scheme',
    input: '<p><a href="java\tscript:alert(1)">x</a></p>',
    output: '<p><a href="">x</a></p>',
  },
  {
    name: 'newline inside the scheme, as a named reference',
    input: '<p><a href="java&NewLine;script:alert(1)">x</a></p>',
    output: '<p><a href="">x</a></p>',
  },
  {
    name: 'control character before the scheme',
    input: '<p><a href="&#x01;javascript:alert(1)">x</a></p>',
    output: '<p><a href="">x</a></p>',
  },
  {
    name: 'colon as a named reference',
    input: '<p><a href="javascript&colon;alert(1)">x</a></p>',
    output: '<p><a href="">x</a></p>',
  },
  { name: 'vbscript: link', input: '<p><a href="vbscript:msgbox(1)">x</a></p>', output: '<p><a href="">x</a></p>' },
  {
    name: 'data:text/html link',
    input: '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a></p>',
    output: '<p><a href="">x</a></p>',
  },
  { name: 'relative link', input: '<p><a href="/admin">x</a></p>', output: '<p><a href="">x</a></p>' },
  {
    name: 'protocol-relative link',
    input: '<p><a href="//evil.example/x">x</a></p>',
    output: '<p><a href="">x</a></p>',
  },
  { name: 'link without href', input: '<p><a>x</a></p>', output: '<p><a href="">x</a></p>' },
  { name: 'mailto: without an address', input: '<p><a href="mailto:">x</a></p>', output: '<p><a href="">x</a></p>' },
  {
    name: 'address with spaces around',
    input: '<p><a href=" https://example.com/a ">x</a></p>',
    output: '<p><a href="https://example.com/a">x</a></p>',
  },

  // Images
  {
    name: 'remote image',
    input: '<figure><img src="https://evil.example/x.png"></figure><p>b</p>',
    output: '<p>b</p>',
  },
  {
    name: 'svg data image',
    input: '<figure><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="></figure><p>b</p>',
    output: '<p>b</p>',
  },
  { name: 'image without a source', input: '<figure><img alt="x"></figure><p>b</p>', output: '<p>b</p>' },
  { name: 'figure without an image', input: '<figure></figure><p>b</p>', output: '<p>b</p>' },
  {
    name: 'image with a handler and a size',
    input: `<figure><img src="${PNG_1PX}" onerror="alert(1)" width="9"></figure>`,
    output: `<figure><img src="${PNG_1PX}" alt=""/></figure>`,
  },
  {
    name: 'image alt with markup characters',
    input: `<figure><img alt="a &quot;b&quot; <c>" src="${PNG_1PX}"></figure>`,
    output: `<figure><img src="${PNG_1PX}" alt="a &quot;b&quot; &lt;c&gt;"/></figure>`,
  },

  // Text
  {
    name: 'character references in text',
    input: '<p>a &amp; b &lt; c &gt; d &quot;q&quot; &#39;s&#39; &#x27;t&#x27; &copy; &#169; &#x2603;</p>',
    output: '<p>a &amp; b &lt; c &gt; d &quot;q&quot; &#x27;s&#x27; &#x27;t&#x27; © © ☃</p>',
  },
  {
    name: 'raw quotes and ampersand',
    input: `<p>"raw" 'quotes' & ampersand</p>`,
    output: '<p>&quot;raw&quot; &#x27;quotes&#x27; &amp; ampersand</p>',
  },
  {
    name: 'escaped markup stays text',
    input: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    output: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  },
  { name: 'whitespace only', input: '  ', output: '' },
];

/** Every case, for the three readers. */
export const RICH_TEXT_CORPUS: RichTextCase[] = [...STABLE_CASES, ...FOREIGN_CASES];
