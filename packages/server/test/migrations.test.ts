import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations';

describe('migrations', () => {
  // Kysely records each applied migration by its key and runs pending ones in key order: a renamed key would run
  // again on every existing database, so the names are pinned here and only ever appended to.
  it('keep the names existing databases recorded, in order', () => {
    expect(Object.keys(migrations)).toEqual([
      '0001_users_sessions_resets',
      '0002_products_orders_uploads_contact',
      '0003_rate_limits',
      '0004_catalogue_versions',
    ]);
  });
});
