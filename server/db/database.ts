/**
 * Opens the database: embedded SQLite (better-sqlite3, WAL) by default, a
 * PostgreSQL pool when a `postgres://` URL is given. Every difference between
 * the two engines that the rest of the code must know about is in this file.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  destroy: () => Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…` selects PostgreSQL; otherwise SQLite is used. */
  databaseUrl?: string | undefined;
  /** SQLite file; `:memory:` for a throwaway database. */
  sqliteFile?: string;
  poolSize?: number;
  /** PostgreSQL schema to use (tests give each file its own). */
  postgresSchema?: string;
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
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable against process crashes in WAL mode; only a power loss
  // can take the last transactions, which is the usual trade-off for a site.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', destroy: () => db.destroy() };
}

function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // An unreachable server fails start-up (and a request waiting for a free
    // connection) after this long instead of hanging.
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    ...(options.postgresSchema ? { options: `-c search_path=${options.postgresSchema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: string) => {
        if (oid === PG_INT8_OID || oid === PG_NUMERIC_OID) return (value: string) => Number(value);
        return pg.types.getTypeParser(oid, format as 'text');
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection (a server restart) must not
  // crash the process; the pool replaces it on the next query.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', destroy: () => db.destroy() };
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
