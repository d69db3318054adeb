/** Links keep only these protocols; any other address is blanked (written href=""). */
export const RICH_TEXT_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;

// Whitespace and control characters anywhere: browsers skip some of them inside a scheme ("java\tscript:").
// eslint-disable-next-line no-control-regex
const HIDDEN_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A link address as the format keeps it (entities already decoded): trimmed, with one of the link protocols, no
 * whitespace or control character inside, http(s) with a host, mailto:/tel: with something after the colon.
 * Anything else (javascript:, data:, relative, protocol-relative) gives ''.
 */
export function safeHref(raw: string | null | undefined): string {
  if (!raw) return '';
  const url = raw.trim();
  if (HIDDEN_CHARACTERS.test(url)) return '';
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (!scheme || !(RICH_TEXT_LINK_PROTOCOLS as readonly string[]).includes(scheme)) return '';
  if (scheme === 'http' || scheme === 'https') {
    try {
      return new URL(url).hostname ? url : '';
    } catch {
      return '';
    }
  }
  return url.length > scheme.length + 1 ? url : '';
}
