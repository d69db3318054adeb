/*
 * The HTML format of the rich-text field, as examples: every format it writes (stable: read then write gives the
 * same HTML) and what it does with HTML from elsewhere. The 'HTML format' stories check them in the browser;
 * the server's sanitizer allow-list must keep exactly the first list intact.
 */

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** HTML the field writes; each must come out unchanged. */
export const STABLE_CASES: Array<{ name: string; html: string }> = [
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

/** HTML from elsewhere (pasted, old data, an attacker) and what the field makes of it. */
export const SANITIZE_CASES: Array<{ name: string; input: string; output: string }> = [
  { name: 'javascript: link', input: '<p><a href="javascript:alert(1)">x</a></p>', output: '<p><a href="">x</a></p>' },
  { name: 'JavaScript: link, spaces', input: '<p><a href="  JavaScript:alert(1)">x</a></p>', output: '<p><a href="">x</a></p>' },
  { name: 'data: link', input: '<p><a href="data:text/html,hi">x</a></p>', output: '<p><a href="">x</a></p>' },
  { name: 'vbscript: link', input: '<p><a href="vbscript:msgbox">x</a></p>', output: '<p><a href="">x</a></p>' },
  { name: 'relative link', input: '<p><a href="/admin">x</a></p>', output: '<p><a href="">x</a></p>' },
  { name: 'link without href', input: '<p><a>x</a></p>', output: '<p><a href="">x</a></p>' },
  { name: 'remote image', input: '<p>a</p><img src="https://evil.example/x.png"><p>b</p>', output: '<p>a</p><p>b</p>' },
  {
    name: 'svg data image',
    input: '<figure><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="></figure><p>b</p>',
    output: '<p>b</p>',
  },
  { name: 'image without alt', input: `<figure><img src="${PNG_1PX}"></figure>`, output: `<figure><img src="${PNG_1PX}" alt=""/></figure>` },
  { name: 'script', input: '<script>alert(1)</script><p>x</p>', output: '<p>x</p>' },
  { name: 'event handler', input: '<p onclick="alert(1)">x<img src=x onerror="alert(1)"></p>', output: '<p>x</p>' },
  { name: 'b, i, strike', input: '<p><b>b</b><i>i</i><strike>s</strike><del>d</del></p>', output: '<p><strong>b</strong><em>i</em><s>sd</s></p>' },
  {
    name: 'rgb and short hex colours',
    input: '<p><span style="color: rgb(198, 40, 40)">r</span><span style="background-color:#FFF">w</span></p>',
    output: '<p><span style="color:#c62828">r</span><span style="background-color:#ffffff">w</span></p>',
  },
  { name: 'unknown styles dropped', input: '<p><span style="font-size:13px;font-family:Comic Sans MS">x</span></p>', output: '<p>x</p>' },
  { name: 'h4 becomes h3', input: '<h4>x</h4>', output: '<h3>x</h3>' },
  { name: 'text-align left is the default', input: '<p style="text-align:left">x</p>', output: '<p>x</p>' },
  { name: 'indent above 8', input: '<p class="ql-indent-12">x</p>', output: '<p class="ql-indent-8">x</p>' },
  {
    name: 'nested lists',
    input: '<ul><li>a<ul><li>b</li></ul></li></ul>',
    output: '<ul><li>a</li><li class="ql-indent-1">b</li></ul>',
  },
  { name: 'bare text', input: 'just text', output: '<p>just text</p>' },
  { name: 'whitespace only', input: '  ', output: '' },
];
