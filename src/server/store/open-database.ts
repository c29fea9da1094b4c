import { readdirSync, readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { SQLITE_NOTICE, withoutExperimentalNotice } from '../../experimental-notice.ts';

// Taken when a database is opened, not imported: a static import of a built-in that an older Node lacks fails
// while modules are linked, before the server's entry point can say which Node it needs.
const sqlite = () =>
  withoutExperimentalNotice(
    SQLITE_NOTICE,
    () => process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite'),
  );

const migrationsDir = new URL('./migrations/', import.meta.url);

/**
 * Opens (or creates) the SQLite file and brings it to the newest schema version.
 * `PRAGMA user_version` records the last migration applied; each migration runs in its own transaction.
 *
 * @example const db = openDatabase(':memory:');
 */
export function openDatabase(path: string): DatabaseSync {
  const db = new (sqlite().DatabaseSync)(path);
  // WAL lets readers proceed during a write; busy_timeout makes a second process wait instead of failing.
  db.exec('PRAGMA busy_timeout = 5000');
  if (path !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db);
  return db;
}

/** The migrations shipped beside this module, as `[version, sql]` in version order. */
function migrations(): Array<[number, string]> {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d+-.+\.sql$/.test(name))
    .map((name): [number, string] => [
      Number.parseInt(name, 10),
      readFileSync(new URL(name, migrationsDir), 'utf8'),
    ])
    .sort((a, b) => a[0] - b[0]);
}

function migrate(db: DatabaseSync): void {
  for (const [version, sql] of migrations()) {
    inTransaction(db, () => {
      // Read inside the write lock: two processes opening one new file must not both apply a migration.
      const current = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
      if (version <= current) return;
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${version}`);
    });
  }
}

/**
 * Runs `work` inside `BEGIN IMMEDIATE … COMMIT`: the write lock is taken up front, so a read-modify-write
 * cannot interleave with another writer, and any throw rolls the whole write back.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) return work();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
