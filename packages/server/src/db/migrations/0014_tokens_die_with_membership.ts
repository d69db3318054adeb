import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration 0014: API tokens die with the membership that made them. Removing a member now deletes the tokens they
 * made in that store; tokens left behind by members removed before would have worked again had their maker been
 * invited back, so they are deleted here. (Movements and audit columns keep the token's id; its name is gone with it.)
 */
export const tokensDieWithMembership: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`delete from api_tokens where not exists (
      select 1 from memberships m where m.store_id = api_tokens.store_id and m.user_id = api_tokens.created_by)`.execute(db);
  },
  async down() {
    // Deleted tokens cannot come back, which is the point.
  },
};
