/**
 * Which text encoding a CSV file is in (issue 25, docs/decisions/0029-supplier-files.md): one rule for the server
 * (which streams the file), the mocks and the app's preview (which hold bytes). A byte-order mark decides first
 * (UTF-8, UTF-16 LE, UTF-16 BE); without one, a file whose every byte sequence is valid UTF-8 is UTF-8, and any other
 * is read as Windows-1252, the encoding Excel's "CSV" saves in on Western Windows (Latin-1's letters at the same
 * bytes, plus € and the curly quotes). A file is never read with replacement characters: a BOM-marked file that does
 * not decode as its BOM says is refused, and Windows-1252 gives every byte a character. Decoding itself is the WHATWG
 * Encoding Standard's TextDecoder, in the browser and in Node alike, with one repair: Node 20.18.3+ and 22.13+ decode
 * "windows-1252" as Latin-1 (nodejs/node#60888), giving C1 controls for the 32 bytes 0x80–0x9F where Windows-1252
 * has €, the curly quotes and dashes; those are mapped here by the standard's table, which a correct decoder's output
 * passes unchanged.
 */

export const CSV_ENCODINGS = ['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** How the preview and the dry run name an encoding to the user. */
export const CSV_ENCODING_LABELS: Record<CsvEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 (with BOM)',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252 (Western European, as Excel saves "CSV")',
};

/** The TextDecoder label of each encoding (a decoder skips the BOM it matches). */
export const CSV_DECODER_LABELS: Record<CsvEncoding, string> = {
  'utf-8': 'utf-8',
  'utf-8-bom': 'utf-8',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'windows-1252': 'windows-1252',
};

/** The Encoding Standard's windows-1252 characters of bytes 0x80–0x9F (five are the C1 controls themselves). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
].map((codePoint) => String.fromCharCode(codePoint));

const repairWindows1252 = (text: string): string =>
  text.replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);

/**
 * A streaming decoder of `encoding`: `write` each chunk of bytes in order, then `end`. Fatal: a sequence that is not
 * of the encoding throws a TypeError (never a replacement character). The BOM is skipped.
 */
export function createCsvDecoder(encoding: CsvEncoding): { write(bytes: Uint8Array): string; end(): string } {
  const decoder = new TextDecoder(CSV_DECODER_LABELS[encoding], { fatal: true });
  const repair = encoding === 'windows-1252' ? repairWindows1252 : (text: string) => text;
  return {
    write: (bytes) => repair(decoder.decode(bytes, { stream: true })),
    end: () => repair(decoder.decode()),
  };
}

/** The encoding a file's first bytes declare with a byte-order mark, or null when they carry none. */
export function encodingFromBom(head: Uint8Array): 'utf-8-bom' | 'utf-16le' | 'utf-16be' | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/** The rule: the BOM's encoding; else UTF-8 when every byte of the file is valid UTF-8; else Windows-1252. */
export function detectEncoding(head: Uint8Array, validUtf8: boolean): CsvEncoding {
  return encodingFromBom(head) ?? (validUtf8 ? 'utf-8' : 'windows-1252');
}

/**
 * Whether `bytes` are valid UTF-8 (a fatal decoder). `partial`: they are the start of a longer file, so a sequence cut
 * at their end is not a fault.
 */
export function isValidUtf8(bytes: Uint8Array, partial = false): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
    return true;
  } catch {
    return false;
  }
}

/**
 * A file's text as the import reads it: its encoding by the rule, and its text without the BOM; or, for a file whose
 * BOM names an encoding its bytes do not follow, the encoding it claimed and no text (the import refuses it).
 * `partial`: the bytes are only the start of the file (the app's preview).
 */
export function decodeCsv(
  bytes: Uint8Array,
  partial = false,
): { encoding: CsvEncoding; text: string } | { encoding: CsvEncoding; text: null } {
  const encoding = detectEncoding(bytes, encodingFromBom(bytes) !== null || isValidUtf8(bytes, partial));
  try {
    const decoder = createCsvDecoder(encoding);
    const text = decoder.write(bytes);
    return { encoding, text: partial ? text : text + decoder.end() };
  } catch {
    return { encoding, text: null };
  }
}

/**
 * A binary file (a spreadsheet, an image) rather than text: a NUL in its first 4 KB. UTF-16 text is full of NULs, so a
 * file that starts with a UTF-16 BOM is text.
 */
export function looksBinary(head: Uint8Array): boolean {
  const bom = encodingFromBom(head);
  return bom !== 'utf-16le' && bom !== 'utf-16be' && head.subarray(0, 4096).includes(0);
}
