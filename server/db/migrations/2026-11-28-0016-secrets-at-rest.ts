/**
 * Unsubscribe links stop being stored (decision 041): a link's token is now
 * the subscriber's id sealed with the key of secrets at rest, made when a
 * mail is built and opened when the link is followed, so the database holds
 * nothing that works as a link. Tokens of links already mailed keep working:
 * each is replaced here by its SHA-256 (hex), in `unsubscribe_token_hash`,
 * which the link is checked against. New subscribers have none.
 *
 * Two-factor secrets need no change of schema: the server seals those still
 * in plain text at start, since that needs the key, which the database never
 * sees.
 *
 * Down keeps the hashes in the renamed column: links mailed before cannot be
 * brought back. Frozen: later changes get a new migration, never an edit here.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

const BATCH = 500;

export function secretsAtRestMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('newsletter_subscribers').renameColumn('unsubscribe_token', 'unsubscribe_token_hash').execute();
      if (engine === 'postgres') {
        // PostgreSQL 11 and later hash in SQL.
        await sql`update newsletter_subscribers
                  set unsubscribe_token_hash = encode(sha256(convert_to(unsubscribe_token_hash, 'UTF8')), 'hex')
                  where unsubscribe_token_hash is not null`.execute(db);
        return;
      }
      // SQLite has no SHA-256: the rows are hashed here, in one transaction.
      await db.transaction().execute(async (trx) => {
        let afterId = 0;
        for (;;) {
          const rows = await sql<{ id: number; token: string }>`
            select id, unsubscribe_token_hash as token from newsletter_subscribers
            where unsubscribe_token_hash is not null and id > ${afterId} order by id limit ${BATCH}`.execute(trx);
          if (rows.rows.length === 0) break;
          for (const row of rows.rows) {
            const hash = createHash('sha256').update(row.token, 'utf8').digest('hex');
            await sql`update newsletter_subscribers set unsubscribe_token_hash = ${hash} where id = ${row.id}`.execute(trx);
            afterId = row.id;
          }
        }
      });
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('newsletter_subscribers').renameColumn('unsubscribe_token_hash', 'unsubscribe_token').execute();
    },
  };
}
