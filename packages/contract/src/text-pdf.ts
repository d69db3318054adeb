/**
 * A text document as a PDF (docs/decisions/0042-purchase-orders-and-receiving.md): A4 pages of Helvetica lines, the
 * smallest PDF 1.4 a reader shows and `pdftotext` reads back, made here rather than with a library (no dependency for
 * one document of plain lines). Text is WinAnsi (Latin-1 and the euro); a character outside it prints as "?". Long
 * lines wrap at word boundaries. Pure: the server and the mocks make the same bytes of the same text.
 */

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 50;
const FONT_SIZE = 10;
const LEADING = 14;
/** Characters per line: Helvetica at 10 pt averages about 5 pt a character on 495 pt. */
const LINE_CHARS = 95;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LEADING);

/** WinAnsi's code of a character, or "?" (0x3f) when it has none. */
function winAnsi(char: string): number {
  const code = char.codePointAt(0)!;
  if (char === '€') return 0x80;
  if (code === 0x2013) return 0x96;
  if (code === 0x2014) return 0x97;
  if (code === 0x2018 || code === 0x2019) return 0x27;
  if (code === 0x201c || code === 0x201d) return 0x22;
  if (code === 0xa0) return 0x20;
  if ((code >= 0x20 && code < 0x7f) || (code >= 0xa1 && code <= 0xff)) return code;
  return 0x3f;
}

/** A line split at spaces into pieces of at most LINE_CHARS (a longer word is cut). */
function wrap(line: string): string[] {
  const pieces: string[] = [];
  let rest = line.replace(/\t/g, '    ');
  while (rest.length > LINE_CHARS) {
    const cut = rest.lastIndexOf(' ', LINE_CHARS);
    const at = cut > 0 ? cut : LINE_CHARS;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^ /, '');
  }
  pieces.push(rest);
  return pieces;
}

/** A PDF string literal's bytes: WinAnsi, with `\`, `(` and `)` escaped. */
function literal(text: string): number[] {
  const bytes = [0x28];
  for (const char of text) {
    const code = winAnsi(char);
    if (code === 0x5c || code === 0x28 || code === 0x29) bytes.push(0x5c);
    bytes.push(code);
  }
  bytes.push(0x29);
  return bytes;
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** Appends `parts` to `target` one byte at a time (a spread of a long page would overflow the call stack). */
function append(target: number[], ...parts: number[][]): void {
  for (const part of parts) for (const byte of part) target.push(byte);
}

/** `text` (lines separated by \n) as the bytes of a PDF with `title` in its information. */
export function textPdf(text: string, title: string): Uint8Array<ArrayBuffer> {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').flatMap(wrap);
  const pages: string[][] = [];
  for (let start = 0; start < Math.max(lines.length, 1); start += LINES_PER_PAGE) pages.push(lines.slice(start, start + LINES_PER_PAGE));

  // Objects: 1 catalog, 2 pages, 3 font, 4 info, then a page and its content for each page.
  const objects: number[][] = [];
  const pageIds = pages.map((_, i) => 5 + 2 * i);
  objects.push(ascii('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(ascii(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`));
  objects.push(ascii('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'));
  objects.push([...ascii('<< /Title '), ...literal(title), ...ascii(' /Producer (Inventory) >>')]);
  for (const [i, page] of pages.entries()) {
    const content = [...ascii(`BT /F1 ${FONT_SIZE} Tf ${LEADING} TL ${MARGIN} ${PAGE_HEIGHT - MARGIN} Td\n`)];
    for (const line of page) append(content, literal(line), ascii(' Tj T*\n'));
    append(content, ascii('ET'));
    objects.push(ascii(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`));
    const stream: number[] = [];
    append(stream, ascii(`<< /Length ${content.length} >>\nstream\n`), content, ascii('\nendstream'));
    objects.push(stream);
  }

  const bytes = ascii('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n');
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(bytes.length);
    append(bytes, ascii(`${i + 1} 0 obj\n`), body, ascii('\nendobj\n'));
  }
  const xref = bytes.length;
  append(bytes, ascii(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`));
  for (const offset of offsets) append(bytes, ascii(`${String(offset).padStart(10, '0')} 00000 n \n`));
  append(bytes, ascii(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return Uint8Array.from(bytes);
}
