/**
 * Whether an `Accept` header asks for JSON and nothing else: `application/json` alone (parameters aside). A call of
 * the original API that answered plain text answers `{message}` JSON only to such a request; anything else (axios's
 * default, which also lists text/plain and any type; a browser; curl; no header) gets the text it always got.
 */
export function acceptsJsonOnly(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const ranges = accept
    .split(',')
    .map((range) => (range.split(';')[0] ?? '').trim().toLowerCase())
    .filter((range) => range !== '');
  return ranges.length === 1 && ranges[0] === 'application/json';
}
