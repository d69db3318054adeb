import { describe, expect, it } from 'vitest';
import {
  alignmentFromQuillClass,
  alignmentFromStyle,
  declarationsFromQuillClass,
  formatBlockAttributes,
  formatSpanDeclarations,
  spanDeclarations,
  spanTags,
  clampIndent,
  formatClass,
  formatStyle,
  indentClass,
  indentFromClass,
  isDroppedWithContent,
  isEmptyRichText,
  isSafeImageSrc,
  normalizeColor,
  richTextTag,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  safeHref,
  spanDeclaration,
} from '../src/rich-text';
import { FOREIGN_CASES, RICH_TEXT_CORPUS, STABLE_CASES } from './rich-text-corpus';

describe('rich-text rule set', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://example.com', 'http://example.com'],
    ['  HTTPS://example.com  ', 'HTTPS://example.com'],
    ['mailto:shop@example.com', 'mailto:shop@example.com'],
    ['tel:+15551234', 'tel:+15551234'],
    ['https://', ''],
    ['mailto:', ''],
    ['javascript:alert(1)', ''],
    ['java\tscript:alert(1)', ''],
    ['\u0001javascript:alert(1)', ''],
    ['vbscript:msgbox(1)', ''],
    ['data:text/html,x', ''],
    ['ftp://example.com', ''],
    ['/relative', ''],
    ['//evil.example', ''],
    ['#top', ''],
    ['https://exa mple.com', ''],
    [null, ''],
    [undefined, ''],
  ])('safeHref(%j) is %j', (href, kept) => {
    expect(safeHref(href)).toBe(kept);
  });

  it.each([
    ['data:image/png;base64,AAAA', true],
    ['data:image/jpeg;base64,AAAA==', true],
    ['data:image/gif;base64,R0lG', true],
    ['data:image/webp;base64,UklG', true],
    ['data:image/svg+xml;base64,PHN2Zz4=', false],
    ['data:image/png;base64,AA AA', false],
    [' data:image/png;base64,AAAA', false],
    ['DATA:image/png;base64,AAAA', false],
    ['https://example.com/x.png', false],
    [undefined, false],
  ])('isSafeImageSrc(%j) is %s', (src, safe) => {
    expect(isSafeImageSrc(src)).toBe(safe);
  });

  it.each([
    ['color:#c62828', { property: 'color', value: '#c62828' }],
    [' Background-Color : #FFF ; ', { property: 'background-color', value: '#ffffff' }],
    ['color: rgb(198, 40, 40)', { property: 'color', value: '#c62828' }],
    ['font-family:serif', { property: 'font-family', value: 'serif' }],
    ['font-size:2.5em', { property: 'font-size', value: '2.5em' }],
    ['color:#c62828;font-size:1.5em', null],
    ['color:red', null],
    ['font-size:13px', null],
    ['font-family:"serif"', null],
    ['font-weight:bold', null],
    ['background-color:url(javascript:alert(1))', null],
    ['', null],
    [null, null],
  ])('spanDeclaration(%j)', (style, declaration) => {
    expect(spanDeclaration(style)).toEqual(declaration);
  });

  it.each([
    ['text-align:center', 'center'],
    ['color:red; TEXT-ALIGN: Right', 'right'],
    ['text-align:center;text-align:justify', 'justify'],
    ['text-align:center;text-align:nonsense', 'center'],
    ['text-align:left', null],
    ['text-align:start', null],
    [undefined, null],
  ])('alignmentFromStyle(%j) is %j', (style, alignment) => {
    expect(alignmentFromStyle(style)).toBe(alignment);
  });

  it.each([
    ['ql-indent-3', 3],
    [' ql-indent-1 ', 1],
    ['ql-indent-12', 8],
    ['ql-indent-0', 0],
    ['ql-indent-2 evil', 2],
    ['ql-align-center ql-indent-4', 4],
    ['ql-indent--1', 0],
    ['evil', 0],
    [null, 0],
  ])('indentFromClass(%j) is %d', (value, level) => {
    expect(indentFromClass(value)).toBe(level);
  });

  it('writes indent classes for levels 1 to 8 only', () => {
    expect([0, 1, 8, 9, -2, Number.NaN, 2.7].map(indentClass)).toEqual([
      '',
      'ql-indent-1',
      'ql-indent-8',
      'ql-indent-8',
      '',
      '',
      'ql-indent-2',
    ]);
    expect(clampIndent(Number.POSITIVE_INFINITY)).toBe(0);
  });

  it.each([
    ['#ABC', '#aabbcc'],
    ['#c62828', '#c62828'],
    ['rgba(0, 0, 0, 1)', '#000000'],
    ['rgb(256, 0, 0)', null],
    ['rgba(0, 0, 0, 0.5)', null],
    ['red', null],
  ])('normalizeColor(%j) is %j', (input, color) => {
    expect(normalizeColor(input)).toBe(color);
  });

  it('reads aliases as the format’s tags and knows nothing else', () => {
    expect(['H4', 'h6', 'b', 'i', 'strike', 'del', 'p', 'span'].map(richTextTag)).toEqual([
      'h3',
      'h3',
      'strong',
      'em',
      's',
      's',
      'p',
      'span',
    ]);
    expect(['div', 'font', 'constructor', '__proto__', 'script'].map(richTextTag)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('drops code, embedded documents, form controls and foreign markup with their content', () => {
    for (const tag of [
      'script',
      'STYLE',
      'template',
      'iframe',
      'object',
      'embed',
      'noscript',
      'svg',
      'math',
      'select',
    ]) {
      expect(isDroppedWithContent(tag)).toBe(true);
    }
    expect(isDroppedWithContent('div')).toBe(false);
  });

  it('allows attributes only on the tags that carry them', () => {
    const withAttributes = RICH_TEXT_TAGS.filter((tag) => RICH_TEXT_ATTRIBUTES[tag].length > 0);
    expect(withAttributes.sort()).toEqual(['a', 'blockquote', 'h1', 'h2', 'h3', 'img', 'li', 'p', 'span']);
    expect(RICH_TEXT_ATTRIBUTES.span).toEqual(['style']);
  });

  it('writes class and style attributes the format’s way, per tag', () => {
    expect(formatClass(' ql-indent-3 ')).toBe('ql-indent-3');
    expect(formatClass('ql-indent-3 x')).toBe('ql-indent-3');
    expect(formatClass('ql-align-center')).toBe('');
    expect(formatStyle('p', 'color:red;text-align:CENTER')).toBe('text-align:center');
    expect(formatStyle('li', 'text-align:left')).toBe('');
    expect(formatStyle('span', 'COLOR:#ABC;')).toBe('color:#aabbcc');
    expect(formatStyle('span', 'text-align:center')).toBe('');
    expect(formatStyle('strong', 'text-align:center')).toBe('');
    expect(formatStyle('a', 'color:#000000')).toBe('');
  });

  it('reads Quill’s alignment classes on text blocks, a style outranking them', () => {
    expect(formatStyle('p', null, 'ql-align-center')).toBe('text-align:center');
    expect(formatStyle('li', '', 'ql-indent-1 ql-align-JUSTIFY')).toBe('text-align:justify');
    expect(formatStyle('p', 'text-align:left', 'ql-align-center')).toBe('');
    expect(formatStyle('p', null, 'ql-align-left')).toBe('');
    expect(formatStyle('p', null, 'ql-align-middle')).toBe('');
    expect(formatStyle('strong', null, 'ql-align-center')).toBe('');
    expect(alignmentFromQuillClass('ql-align-right ql-align-center')).toBe('center');
  });

  it('writes a block’s class and style from its attributes, the style after the class when only a class aligns', () => {
    expect(formatBlockAttributes('p', [['class', 'ql-align-center ql-indent-2']])).toEqual([
      ['class', 'ql-indent-2'],
      ['style', 'text-align:center'],
    ]);
    expect(formatBlockAttributes('h2', [['style', 'color:red'], ['CLASS', 'ql-align-right'], ['id', 'x']])).toEqual([
      ['style', 'text-align:right'],
    ]);
    expect(formatBlockAttributes('p', [['class', 'evil'], ['style', 'font-weight:bold']])).toEqual([]);
  });

  it('reads every declaration of a foreign span, from its style and Quill’s classes, in the editor’s order', () => {
    expect(spanDeclarations('background-color: rgb(255, 255, 0); color:#e60000; color:bogus')).toEqual([
      { property: 'color', value: '#e60000' },
      { property: 'background-color', value: '#ffff00' },
    ]);
    expect(declarationsFromQuillClass('ql-size-huge ql-font-monospace ql-size-10px ql-font-constructor')).toEqual([
      { property: 'font-family', value: 'monospace' },
      { property: 'font-size', value: '2.5em' },
    ]);
    expect(formatSpanDeclarations('color:#000000;font-size:0.75em', 'ql-size-large ql-font-serif')).toEqual([
      { property: 'font-family', value: 'serif' },
      { property: 'font-size', value: '0.75em' },
      { property: 'color', value: '#000000' },
    ]);
    expect(formatSpanDeclarations('font-weight:bold', 'ql-direction-rtl')).toEqual([]);
    expect(spanTags(formatSpanDeclarations('color:#000000', 'ql-size-small'))).toEqual({
      open: '<span style="font-size:0.75em"><span style="color:#000000">',
      close: '</span></span>',
    });
  });

  it('treats whitespace and one empty paragraph as no content', () => {
    expect(['', '  \n', '<p></p>', ' <p></p> '].every(isEmptyRichText)).toBe(true);
    expect(['<p> </p>', '<p></p><p></p>', '<p>x</p>'].some(isEmptyRichText)).toBe(false);
  });
});

describe('rich-text corpus', () => {
  it('names every case once', () => {
    const names = RICH_TEXT_CORPUS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('holds the formats the editor writes, each unchanged, and at least 25 foreign inputs', () => {
    expect(STABLE_CASES.every((c) => c.input === c.output)).toBe(true);
    expect(FOREIGN_CASES.length).toBeGreaterThanOrEqual(25);
  });
});
