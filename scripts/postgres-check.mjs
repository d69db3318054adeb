// When the server suite must also run on PostgreSQL, and that it can: CI (CI=true) always expects it, and so does
// anyone who sets TEST_DATABASE_URL. Expected but absent is a failure, never a silent SQLite-only run.
import pg from 'pg';

/** @returns {Promise<string>} a note for the layer table; throws with the reason when PostgreSQL is expected but absent */
export async function checkPostgres(env = process.env) {
  const url = env.TEST_DATABASE_URL;
  if (!url) {
    if (env.CI === 'true') {
      throw new Error(
        'PostgreSQL is expected in CI (CI=true) but TEST_DATABASE_URL is not set: the server suite would run on SQLite ' +
          'only. Start PostgreSQL and set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.',
      );
    }
    console.log('TEST_DATABASE_URL is not set: the server suite runs on SQLite only (CI runs it on PostgreSQL too).');
    return 'SQLite only: TEST_DATABASE_URL unset';
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  const shown = url.replace(/\/\/[^@/]*@/, '//…@');
  try {
    await client.connect();
    const { rows } = await client.query('select version() as version');
    console.log(`PostgreSQL at ${shown}: ${String(rows[0].version).split(' ').slice(0, 2).join(' ')}`);
    return 'SQLite and PostgreSQL';
  } catch (error) {
    throw new Error(
      `PostgreSQL is expected at ${shown} (TEST_DATABASE_URL) but does not answer: ` +
        `${error instanceof Error ? error.message : error}. Start it, or unset TEST_DATABASE_URL to run the server ` +
        'suite on SQLite only (outside CI).',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
