/**
 * A crash in the middle of a burst of writes (SQLite): the server is killed
 * with SIGKILL while many administrators create posts at once, then started
 * again on the same data. Every post whose creation was answered 201 before
 * the kill is there, the database passes `PRAGMA integrity_check`, and the
 * restarted server serves them and takes new writes.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { adminToken, cleanUpServers, killServer, startServer, type RunningServer } from './server.ts';

afterEach(cleanUpServers);

const WRITERS = 16;

interface Acknowledged {
  id: number;
  slug: string;
}

function createPost(server: RunningServer, token: string, slug: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/admin/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: `Post ${slug}`,
      slug,
      content: `# ${slug}\n\n${'Body text of a post written during a crash test. '.repeat(40)}`,
      status: 'published',
    }),
  });
}

/**
 * WRITERS loops that create posts until the server stops answering; the
 * server is killed once `killAfter` creations were acknowledged, so requests
 * are always in flight at that moment. Resolves with the acknowledged ones.
 */
async function burstUntilKilled(server: RunningServer, token: string, round: string, killAfter: number) {
  const acknowledged: Acknowledged[] = [];
  let attempted = 0;
  let killed: Promise<void> | undefined;
  const writer = async (writerIndex: number) => {
    for (let i = 0; ; i++) {
      const slug = `${round}-w${writerIndex}-${i}`;
      attempted++;
      let response: Response;
      try {
        response = await createPost(server, token, slug);
      } catch {
        return; // the connection died with the server
      }
      if (response.status !== 201) {
        // Anything but a clean answer before the kill would be a bug.
        if (!killed) throw new Error(`creating ${slug} answered ${response.status}: ${await response.text()}`);
        return;
      }
      const body = (await response.json()) as { id: number; slug: string };
      expect(body.slug).toBe(slug);
      acknowledged.push({ id: body.id, slug });
      if (acknowledged.length >= killAfter) killed ??= killServer(server);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
  await killed;
  return { acknowledged, attempted };
}

/** Read-only, beside the running server (WAL lets both read). */
function inspectDatabase(dataDir: string) {
  const db = new SQLite(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const foreignKeyProblems = db.pragma('foreign_key_check') as unknown[];
    const rows = db.prepare('select id, slug from posts').all() as { id: number; slug: string }[];
    return { integrity, foreignKeyProblems, posts: new Map(rows.map((row) => [row.slug, row.id])) };
  } finally {
    db.close();
  }
}

describe('a crash during a burst of writes', () => {
  it('keeps every acknowledged post and an intact database, twice over', async () => {
    let server = await startServer();
    const allAcknowledged: Acknowledged[] = [];

    for (const round of ['first', 'second']) {
      const token = await adminToken(server);
      // A random moment in the burst, well after it started.
      const killAfter = 30 + Math.floor(Math.random() * 150);
      const { acknowledged, attempted } = await burstUntilKilled(server, token, round, killAfter);
      expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
      // Every writer ended on a request the crash cut off.
      expect(attempted - acknowledged.length).toBeGreaterThanOrEqual(WRITERS);
      allAcknowledged.push(...acknowledged);

      // The restarted server opens the database first, as after a real crash.
      server = await startServer({}, { dataDir: server.dataDir });
      const afterCrash = inspectDatabase(server.dataDir);
      expect(afterCrash.integrity).toBe('ok');
      expect(afterCrash.foreignKeyProblems).toEqual([]);
      const missing = allAcknowledged.filter((post) => afterCrash.posts.get(post.slug) !== post.id);
      expect(missing).toEqual([]);
    }

    // The restarted server serves what was written before the crashes...
    const token = await adminToken(server);
    for (const post of allAcknowledged.filter((_, index) => index % 10 === 0)) {
      const response = await fetch(`${server.baseUrl}/api/admin/posts/${post.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { slug: string }).slug).toBe(post.slug);
    }
    // ...and takes new writes.
    expect((await createPost(server, token, 'after-the-crashes')).status).toBe(201);
    await killServer(server);
    expect(inspectDatabase(server.dataDir).integrity).toBe('ok');
    expect(server.stderr()).toBe('');
  });
});
