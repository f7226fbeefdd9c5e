/**
 * A Varnish for one test file, run with the configuration operators get
 * (deploy/varnish/default.vcl) and only its backends replaced: listening on
 * 127.0.0.1, its working folder in a temporary folder, stopped at the end.
 * As root, varnishd runs its worker and compiler as Debian's `varnish`
 * users by itself; as anyone else it runs without that jail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const VARNISHD = '/usr/sbin/varnishd';
const SHIPPED_VCL = path.resolve(import.meta.dirname, '../../deploy/varnish/default.vcl');
const BACKENDS_SECTION = /# BEGIN backends[\s\S]*?# END backends/;

/** Where Debian keeps the modules (libvmod_xkey.so comes from varnish-modules). */
function hasXkeyModule(): boolean {
  const lib = '/usr/lib';
  if (!existsSync(lib)) return false;
  return readdirSync(lib).some((entry) => existsSync(path.join(lib, entry, 'varnish', 'vmods', 'libvmod_xkey.so')));
}

/** Why Varnish cannot be run here, or null when it can. */
export function varnishUnavailableReason(): string | null {
  if (!existsSync(VARNISHD)) return 'no varnishd on this machine (Debian: apt-get install varnish varnish-modules)';
  if (!hasXkeyModule()) return 'no xkey module for Varnish on this machine (Debian: apt-get install varnish-modules)';
  return null;
}

export interface Backend {
  host: string;
  port: number;
}

/** The shipped configuration with its backends section replaced by `backends`, round-robin. */
export function vclFor(backends: readonly Backend[]): string {
  const shipped = readFileSync(SHIPPED_VCL, 'utf8');
  if (!BACKENDS_SECTION.test(shipped)) throw new Error('deploy/varnish/default.vcl has lost its backends section markers');
  const declared = backends
    .map((backend, index) => `backend app${index + 1} { .host = "${backend.host}"; .port = "${backend.port}"; }`)
    .join('\n');
  const added = backends.map((_, index) => `    app.add_backend(app${index + 1});`).join('\n');
  const section = `${declared}\nsub vcl_init {\n    new app = directors.round_robin();\n${added}\n}`;
  return shipped.replace(BACKENDS_SECTION, section);
}

export interface RunningVarnish {
  baseUrl: string;
  /** What varnishd wrote (start-up and VCL errors). */
  output: () => string;
  stop: () => Promise<void>;
}

export async function startVarnish(port: number, backends: readonly Backend[]): Promise<RunningVarnish> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'showcase-varnish-'));
  // The compiler runs as the `varnish` user when varnishd starts as root: it must read the file.
  chmodSync(root, 0o755);
  const vclFile = path.join(root, 'test.vcl');
  writeFileSync(vclFile, vclFor(backends), { mode: 0o644 });
  const asRoot = process.getuid?.() === 0;
  const args = ['-F', '-a', `127.0.0.1:${port}`, '-f', vclFile, '-n', path.join(root, 'work'), '-s', 'malloc,64m'];
  // The admin port only on 127.0.0.1, any free one; it is not used here.
  args.push('-T', '127.0.0.1:0');
  if (!asRoot) args.push('-j', 'none');
  const child: ChildProcess = spawn(VARNISHD, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      output += `${error.message}\n`;
      resolve();
    });
  });
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killed);
    rmSync(root, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (!running()) {
      await stop();
      throw new Error(`varnishd stopped during start-up: ${output}`);
    }
    // A purge of no tag is answered by Varnish itself once the worker runs.
    const answer = await fetch(baseUrl, { method: 'PURGE', headers: { 'xkey-purge': 'none' }, signal: AbortSignal.timeout(1_000) }).catch(
      () => undefined,
    );
    if (answer?.status === 200) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`varnishd did not answer within 30 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, output: () => output, stop };
}
