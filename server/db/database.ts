/**
 * Opens the database: embedded SQLite (better-sqlite3, WAL) by default, a
 * PostgreSQL pool when a `postgres://` URL is given. Every difference between
 * the two engines that the rest of the code must know about is in this file.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect, type SqliteDatabase, type Transaction } from 'kysely';
import type PgType from 'pg';
import type { Database } from './schema.ts';
import { ModuleLoadError } from '../lazy-module.ts';
import { ensurePrivateDir, makeFilePrivate } from '../private-files.ts';

export type Engine = 'sqlite' | 'postgres';

/** The occupancy counters a `pg` Pool keeps, read by the metrics at scrape time. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** PostgreSQL's connection pool, for its occupancy in the metrics; none for SQLite. */
  pool?: PoolStats;
  destroy: () => Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…` selects PostgreSQL; otherwise SQLite is used. */
  databaseUrl?: string | undefined;
  /** SQLite file; `:memory:` for a throwaway database. */
  sqliteFile?: string;
  poolSize?: number;
  /** Told when a PostgreSQL connection breaks (the server restarted or the network dropped it). */
  onConnectionError?: (error: Error) => void;
}

// int8 (bigint) columns hold Unix seconds and cents: well inside 2^53, so a
// JS number is exact and saves every caller from parsing strings.
const PG_INT8_OID = 20;
const PG_NUMERIC_OID = 1700;
const PG_CONNECT_TIMEOUT_MS = 5000;

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openSqlite(options.sqliteFile ?? ':memory:');
}

function openSqlite(file: string): DatabaseHandle {
  const onDisk = file !== ':memory:';
  // The database holds password hashes and subscribers' addresses: owner-only.
  if (onDisk) ensurePrivateDir(path.dirname(path.resolve(file)));
  const sqlite = new SQLite(file);
  // SQLite creates the file 0644 (less the umask) and its -wal and -shm files
  // with the mode of the database file: narrow it before those exist.
  if (onDisk) makeFilePrivate(file);
  sqlite.pragma('journal_mode = WAL');
  if (onDisk) for (const suffix of ['-wal', '-shm']) makeFilePrivate(`${file}${suffix}`);
  // NORMAL is durable against process crashes in WAL mode; only a power loss
  // can take the last transactions, which is the usual trade-off for a site.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', destroy: () => db.destroy() };
}

/** Distinct SQL texts kept prepared; the site runs far fewer, so this bounds only odd cases (long `in` lists). */
const PREPARED_STATEMENTS_KEPT = 500;

/**
 * The connection as Kysely sees it, with each SQL text prepared once:
 * Kysely prepares every query it runs, and preparing costs more than running
 * most of the site's queries. A kept statement is safe to run again because
 * queries here are never streamed (`iterate` would hold it busy) and
 * SQLite prepares it anew by itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText) {
      let statement = statements.get(sqlText);
      if (statement) {
        // Most recently used last, so the first is the one to let go.
        statements.delete(sqlText);
      } else {
        statement = sqlite.prepare(sqlText);
        if (statements.size >= PREPARED_STATEMENTS_KEPT) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

/** The PostgreSQL driver, loaded only when a `postgres://` URL is given (server/lazy-module.ts): SQLite sites never need it. */
function loadPg(): typeof PgType {
  try {
    return createRequire(import.meta.url)('pg') as typeof PgType;
  } catch (error) {
    throw new ModuleLoadError('pg', 'PostgreSQL', error);
  }
}

function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // An unreachable server fails start-up (and a request waiting for a free
    // connection) after this long instead of hanging.
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    types: {
      getTypeParser: ((oid: number, format?: string) => {
        if (oid === PG_INT8_OID || oid === PG_NUMERIC_OID) return (value: string) => Number(value);
        return pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  // A connection that breaks (a database restart) emits 'error' on its
  // client; unheard, that event would end the process. The pool listens only
  // while a client is idle, so each client also gets a listener of its own for
  // the time it is checked out (between the queries of a transaction). The
  // broken client fails its query, is dropped on release, and the next query
  // opens a new connection.
  const onConnectionError = options.onConnectionError ?? (() => {});
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // The pool re-emits an idle client's error, already reported above.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', pool, destroy: () => db.destroy() };
}

/** True when the error is a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** True when the error is a foreign-key violation on either engine. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** The current time in Unix seconds, the unit of every timestamp column. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** One round trip to the database: throws when it does not answer. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The advisory lock every server takes around its first-run steps (any fixed number, the same everywhere). */
const FIRST_RUN_LOCK = 7_318_021;

/**
 * Runs `work` in one transaction that no other server runs at the same time:
 * on PostgreSQL under a transaction-scoped advisory lock, so servers started
 * together on an empty database take turns (the second then finds the first
 * one's administrator and demo content); SQLite is one server and one writer.
 */
export async function withFirstRunLock<T>(
  db: Kysely<Database>,
  engine: Engine,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${FIRST_RUN_LOCK})`.execute(trx);
    return work(trx);
  });
}
