/** The HTML of content with nothing in it: only whitespace, or one empty paragraph. Stored and written as ''. */
export function isEmptyRichText(html: string): boolean {
  const trimmed = html.trim();
  return trimmed === '' || trimmed === '<p></p>';
}
