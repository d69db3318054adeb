/** Table types for Kysely. Timestamps are ISO-8601 strings (text) so SQLite and PostgreSQL agree. */
export interface UsersTable {
  id: string;
  name: string;
  /** Stored lowercased; unique. */
  email: string;
  password_hash: string;
  phone: string;
  bio: string;
  photo: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 hex of the cookie token; the token itself is never stored. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

export interface PasswordResetsTable {
  /** sha256 hex of the mailed token. */
  token_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
}
