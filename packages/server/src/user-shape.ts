import type { User } from '@inventory/contract';
import type { UsersTable } from './db/types';
import type { PublicUrls } from './public-urls';

/**
 * The only shape a user leaves the server in: never the row (no hash, no timestamps); the photo as a URL any origin
 * can load (the default avatar when none is set).
 */
export function toUser(
  row: Pick<UsersTable, 'id' | 'name' | 'email' | 'phone' | 'bio' | 'photo'>,
  urls: PublicUrls,
): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    bio: row.bio,
    photo: urls.photo(row.photo),
  };
}
