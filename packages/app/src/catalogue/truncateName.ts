import { NAME_TRUNCATE_LENGTH } from '@inventory/contract/rules';

/** How the tables cut a long name: the first 16 characters then '...' (as the original app reads). */
const ELLIPSIS = '...';

/** Names up to `length` characters unchanged; longer ones cut there with '...'. */
export function truncateName(name: string, length: number = NAME_TRUNCATE_LENGTH): string {
  // By code points, so an emoji or accented letter is never cut in half.
  const characters = Array.from(name);
  return characters.length > length ? `${characters.slice(0, length).join('')}${ELLIPSIS}` : name;
}
