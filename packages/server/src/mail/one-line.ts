/**
 * A name for a mail's text part or subject, on one line: line breaks and every other control character become one
 * space, so a name stored before single-line fields refused them cannot write lines of its own into the mail.
 */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return value.replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g, ' ').trim();
}
