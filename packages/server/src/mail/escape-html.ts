/** Text for the HTML part of a mail: the five characters that could start markup become character references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
