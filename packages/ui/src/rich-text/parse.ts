import {
  formatClass,
  formatStyle,
  indentClass,
  indentFromClass,
  isAllowedAttribute,
  isDroppedWithContent,
  richTextTag,
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

function keepFormatAttributes(element: Element): void {
  const tag = richTextTag(element.localName);
  for (const { name, value } of Array.from(element.attributes)) {
    if (!tag || !isAllowedAttribute(tag, name)) element.removeAttribute(name);
    else if (name === 'class') setOrRemove(element, name, formatClass(value));
    else if (name === 'style') setOrRemove(element, name, formatStyle(tag, value));
  }
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
