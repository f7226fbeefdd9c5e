/**
 * A throwaway PostgreSQL cluster for one test file: created with initdb in a
 * temporary folder, listening on 127.0.0.1 on a free port, stopped and
 * started at will. PostgreSQL refuses to run as root, so when the tests run
 * as root (CI) the server binaries run as the `postgres` user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../helpers/free-port.ts';

const POSTGRES_ROOT = '/usr/lib/postgresql';
const SYSTEM_USER = 'postgres';
const execFileAsync = promisify(execFile);

/** The bin folder of the newest installed PostgreSQL, or null. */
export function findPostgresBin(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(POSTGRES_ROOT, versions[0], 'bin') : null;
}

/** Why a throwaway cluster cannot be run here, or null when it can. */
export function postgresUnavailableReason(): string | null {
  if (!findPostgresBin()) return 'no PostgreSQL binaries on this machine';
  if (process.getuid?.() !== 0) return 'not running as root, so cannot run PostgreSQL as its own user';
  try {
    execFileSync('id', ['-u', SYSTEM_USER], { stdio: 'ignore' });
  } catch {
    return `no "${SYSTEM_USER}" system user`;
  }
  return null;
}

export class PostgresCluster {
  readonly port: number;
  private readonly bin: string;
  private readonly root: string;
  private readonly dataDir: string;

  private constructor(bin: string, root: string, port: number) {
    this.bin = bin;
    this.root = root;
    this.port = port;
    this.dataDir = path.join(root, 'data');
  }

  /** initdb and start; trust authentication, local connections only. */
  static async create(): Promise<PostgresCluster> {
    const bin = findPostgresBin();
    if (!bin) throw new Error('no PostgreSQL binaries');
    const root = mkdtempSync(path.join(os.tmpdir(), 'showcase-faults-pg-'));
    const uid = Number(execFileSync('id', ['-u', SYSTEM_USER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', SYSTEM_USER]).toString().trim());
    chownSync(root, uid, gid);
    const cluster = new PostgresCluster(bin, root, await freePort());
    await cluster.run('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    await cluster.start();
    return cluster;
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.root} -c listen_addresses=127.0.0.1 -c max_connections=50`;
    await this.run('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-o', options, '-w', '-t', '30', 'start']);
  }

  /** `fast` rolls back open transactions and closes connections; `immediate` is a crash. */
  async stop(mode: 'fast' | 'immediate'): Promise<void> {
    await this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  isRunning(): boolean {
    return existsSync(path.join(this.dataDir, 'postmaster.pid'));
  }

  async destroy(): Promise<void> {
    if (this.isRunning()) await this.stop('immediate').catch(() => {});
    rmSync(this.root, { recursive: true, force: true });
  }

  private get logFile(): string {
    return path.join(this.root, 'postgres.log');
  }

  private async run(tool: string, args: string[]): Promise<void> {
    const command = path.join(this.bin, tool);
    const asRoot = process.getuid?.() === 0;
    await execFileAsync(asRoot ? 'runuser' : command, asRoot ? ['-u', SYSTEM_USER, '--', command, ...args] : args, {
      cwd: this.root,
      timeout: 60_000,
    });
  }
}
