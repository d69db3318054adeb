import type { User } from '@inventory/contract';
import type { UsersTable } from '../../db/types';

/** The only shape a user leaves the server in: never the row (no hash, no timestamps). */
export function toUser(row: Pick<UsersTable, 'id' | 'name' | 'email' | 'phone' | 'bio' | 'photo'>): User {
  return { _id: row.id, name: row.name, email: row.email, phone: row.phone, bio: row.bio, photo: row.photo };
}
