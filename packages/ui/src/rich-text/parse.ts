import {
  declarationText,
  formatBlockAttributes,
  formatSpanDeclarations,
  indentClass,
  indentFromClass,
  isAllowedAttribute,
  isDroppedWithContent,
  isStyledInlineTag,
  richTextTag,
  RICH_TEXT_TEXT_BLOCK_TAGS,
} from '@inventory/contract/rich-text';

/*
 * HTML parsed for the field's reader (draft-convert), cut down to the rule set first, so the editor keeps exactly
 * what the server's and the mocks' sanitizers keep: elements dropped with their content go, attributes the format
 * does not allow go (draft-convert would otherwise read inline CSS such as font-weight on any element), and class
 * and style are rewritten the way the format writes them.
 */

function setOrRemove(element: Element, name: string, value: string): void {
  if (value) element.setAttribute(name, value);
  else element.removeAttribute(name);
}

const TEXT_BLOCKS = new Set<string>(RICH_TEXT_TEXT_BLOCK_TAGS);

/** A span's declarations (from its style and Quill's classes) as nested spans of one declaration each. */
function splitSpan(span: Element): void {
  const [first, ...rest] = formatSpanDeclarations(span.getAttribute('style'), span.getAttribute('class'));
  for (const { name } of Array.from(span.attributes)) span.removeAttribute(name);
  if (!first) return;
  span.setAttribute('style', declarationText(first));
  let parent = span;
  for (const declaration of rest) {
    const inner = span.ownerDocument.createElement('span');
    inner.setAttribute('style', declarationText(declaration));
    inner.append(...Array.from(parent.childNodes));
    parent.append(inner);
    parent = inner;
  }
}

/** Quill's `<strong style="color: …">`: the declarations as spans around the element, as the sanitizers write them. */
function wrapInSpans(element: Element): void {
  let innermost: Element | null = null;
  for (const declaration of formatSpanDeclarations(element.getAttribute('style'), element.getAttribute('class'))) {
    const span = element.ownerDocument.createElement('span');
    span.setAttribute('style', declarationText(declaration));
    if (innermost) innermost.append(span);
    else element.replaceWith(span);
    innermost = span;
  }
  innermost?.append(element);
}

function keepFormatAttributes(element: Element): void {
  const tag = richTextTag(element.localName);
  if (tag === 'span') return splitSpan(element);
  if (isStyledInlineTag(tag)) wrapInSpans(element);
  const given = Array.from(element.attributes, ({ name, value }) => [name, value] as const);
  const written = tag && TEXT_BLOCKS.has(tag) ? formatBlockAttributes(tag, given) : [];
  for (const [name] of given) {
    if (!tag || !isAllowedAttribute(tag, name) || name === 'class' || name === 'style') element.removeAttribute(name);
  }
  for (const [name, value] of written) element.setAttribute(name, value);
}

function isList(element: Element): boolean {
  return element.localName === 'ul' || element.localName === 'ol';
}

/**
 * Nested lists (from elsewhere: the field writes flat ones) made flat with ql-indent-N classes; draft-convert
 * would otherwise leave stray empty blocks after them.
 */
function flattenNestedLists(body: HTMLElement): void {
  if (!body.querySelector('li ul, li ol, ul > ul, ul > ol, ol > ul, ol > ol')) return;
  const outerLists = Array.from(body.querySelectorAll('ul, ol')).filter(
    (list) => !list.parentElement?.closest('ul, ol'),
  );
  for (const list of outerLists) {
    const items: Array<{ li: Element; tag: string }> = [];
    const walk = (current: Element, level: number) => {
      for (const child of Array.from(current.children)) {
        if (child.localName === 'li') {
          const nested = Array.from(child.children).filter(isList);
          nested.forEach((n) => n.remove());
          setOrRemove(child, 'class', indentClass(level + indentFromClass(child.getAttribute('class'))));
          items.push({ li: child, tag: current.localName });
          nested.forEach((n) => walk(n, level + 1));
        } else if (isList(child)) {
          walk(child, level + 1);
        }
      }
    };
    walk(list, 0);
    const fragment = body.ownerDocument.createDocumentFragment();
    let target: Element | null = null;
    for (const { li, tag } of items) {
      if (!target || target.localName !== tag) {
        target = body.ownerDocument.createElement(tag);
        fragment.append(target);
      }
      target.append(li);
    }
    list.replaceWith(fragment);
  }
}

/**
 * The body of an inert document (scripts never run, images never load) holding only what the format reads. The
 * HTML is parsed as body content: at the start of a document a parser would move some elements (noscript, style,
 * title) to the head and their content out of them.
 */
export function parseHtml(html: string): HTMLElement {
  const body = new DOMParser().parseFromString(`<body>${html}`, 'text/html').body;
  for (const element of Array.from(body.querySelectorAll('*'))) {
    if (!body.contains(element)) continue;
    if (isDroppedWithContent(element.localName)) element.remove();
    else keepFormatAttributes(element);
  }
  flattenNestedLists(body);
  return body;
}
