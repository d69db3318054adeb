/**
 * Node's own strict UTF-8 decoder: a byte sequence that is not UTF-8 throws instead of turning into U+FFFD, so a
 * body is refused rather than stored altered. A leading BOM is kept as text, as the lenient decoding kept it.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of `bytes`, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}
