import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { type Db, registerSqliteFunctions } from '../../src/db';
import type { Database } from '../../src/db/types';

/**
 * A TCP proxy between the server and PostgreSQL that a test can break:
 * - `cut()`: the database is gone — every open connection is destroyed and new ones are refused (nothing listens);
 * - `hang()`: the database host is there but silent — open connections are destroyed, new ones are accepted and
 *   never answered (the pool's connect timeout must fire);
 * - `restore()`: connections are forwarded again, on the same port.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let mode: 'up' | 'hang' | 'down' = 'up';
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode !== 'up') return;
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  const { port } = address;
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  return {
    port,
    async cut() {
      mode = 'down';
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      destroyAll();
      await closed;
    },
    hang() {
      mode = 'hang';
      destroyAll();
    },
    async restore() {
      destroyAll();
      const wasDown = mode === 'down';
      mode = 'up';
      if (wasDown) await listen(port);
    },
    async close() {
      destroyAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * SQLite is a library inside the process: there is no server to stop and no socket to cut. At run time it becomes
 * unavailable when its storage fails — the disk or network volume goes away, fills up, or a file can't be opened —
 * and better-sqlite3 then throws SqliteError with SQLITE_IOERR / SQLITE_FULL / SQLITE_CANTOPEN. (A file the process
 * cannot open does not work as a fault here: the tests run as root, and the connection is already open.) So the
 * honest outage for SQLite is that error from the driver: this wraps the real connection on the real file and, while
 * "cut", makes every statement fail exactly as the library does on an I/O error; "restore" is the storage coming back.
 */
export function createFaultySqlite(file: string): { db: Db; cut(): void; restore(): void } {
  mkdirSync(path.dirname(file), { recursive: true });
  const real = new SqliteDatabase(file);
  real.pragma('journal_mode = WAL');
  real.pragma('foreign_keys = ON');
  real.pragma('busy_timeout = 5000');
  registerSqliteFunctions(real);
  let down = false;
  const faulty = new Proxy(real, {
    get(target, property) {
      if (property === 'prepare') {
        return (source: string) => {
          if (down) throw new SqliteDatabase.SqliteError('disk I/O error', 'SQLITE_IOERR');
          return target.prepare(source);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: faulty }) }),
    cut: () => {
      down = true;
    },
    restore: () => {
      down = false;
    },
  };
}
