/*
 * What the field makes of HTML from elsewhere, as examples the 'HTML format' stories check in the browser. Every
 * format it writes, and the HTML its readers (editor, server, mocks) must all treat alike, is the shared corpus in
 * packages/contract/test/rich-text-corpus.ts; the cases here include the editor's own restructuring (loose text
 * wrapped in a paragraph, nested lists flattened, neighbouring runs of a format merged).
 */

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

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
