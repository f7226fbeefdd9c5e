/**
 * The first schema: every entity of the specification plus administrators,
 * refresh tokens and rate-limit counters. Frozen: later changes get a new
 * migration, never an edit here.
 */
import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

export function initialMigration(engine: Engine): Migration {
  // Identity columns differ: SQLite's INTEGER PRIMARY KEY is the rowid,
  // PostgreSQL gets an identity column.
  const idColumn = (db: Kysely<unknown>, table: string) =>
    engine === 'postgres'
      ? db.schema
          .createTable(table)
          .addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : db.schema
          .createTable(table)
          .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<unknown>) {
      await idColumn(db, 'users')
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('role', 'text', (col) => col.notNull().defaultTo('admin'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();

      await idColumn(db, 'refresh_tokens')
        .addColumn('user_id', 'integer', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('family_id', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('rotated_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_family_idx')
        .on('refresh_tokens')
        .column('family_id')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_user_idx')
        .on('refresh_tokens')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('categories')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();

      await idColumn(db, 'posts')
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('excerpt', 'text')
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('cover_image', 'text')
        .addColumn('campaign_url', 'text')
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('draft', 'published')`),
        )
        .addColumn('read_time', 'integer')
        .addColumn('published_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      // Public lists: published, newest first, keyset on (published_at, id).
      await db.schema
        .createIndex('posts_status_published_idx')
        .on('posts')
        .columns(['status', 'published_at', 'id'])
        .execute();
      // Admin list: everything, newest first, keyset on (created_at, id).
      await db.schema
        .createIndex('posts_created_idx')
        .on('posts')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('post_categories')
        .addColumn('post_id', 'integer', (col) =>
          col.notNull().references('posts.id').onDelete('cascade'),
        )
        .addColumn('category_id', 'text', (col) =>
          col.notNull().references('categories.id').onDelete('restrict'),
        )
        .addPrimaryKeyConstraint('post_categories_pk', ['post_id', 'category_id'])
        .execute();
      await db.schema
        .createIndex('post_categories_category_idx')
        .on('post_categories')
        .columns(['category_id', 'post_id'])
        .execute();

      await idColumn(db, 'resources')
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('excerpt', 'text')
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('cover_image', 'text')
        .addColumn('read_time', 'integer')
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('draft', 'published')`),
        )
        .addColumn('category_id', 'text', (col) =>
          col.references('categories.id').onDelete('set null'),
        )
        .addColumn('published_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('resources_status_published_idx')
        .on('resources')
        .columns(['status', 'published_at', 'id'])
        .execute();
      await db.schema
        .createIndex('resources_created_idx')
        .on('resources')
        .columns(['created_at', 'id'])
        .execute();

      await idColumn(db, 'contact_submissions')
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) =>
          col.notNull().defaultTo('new').check(sql`status in ('new', 'read')`),
        )
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('contact_submissions_status_created_idx')
        .on('contact_submissions')
        .columns(['status', 'created_at', 'id'])
        .execute();

      await idColumn(db, 'newsletter_subscribers')
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('email_normalized', 'text', (col) => col.notNull().unique())
        .addColumn('subscribed_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('newsletter_subscribers_subscribed_idx')
        .on('newsletter_subscribers')
        .columns(['subscribed_at', 'id'])
        .execute();

      await idColumn(db, 'sponsored_submissions')
        .addColumn('project_name', 'text', (col) => col.notNull())
        .addColumn('project_url', 'text', (col) => col.notNull())
        .addColumn('contact_name', 'text', (col) => col.notNull())
        .addColumn('contact_email', 'text', (col) => col.notNull())
        .addColumn('description', 'text')
        .addColumn('press_kit_url', 'text')
        .addColumn('budget_range', 'text')
        .addColumn('status', 'text', (col) =>
          col.notNull().defaultTo('new').check(sql`status in ('new', 'approved', 'rejected')`),
        )
        .addColumn('payment_status', 'text')
        .addColumn('terms_accepted_at', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('sponsored_submissions_status_created_idx')
        .on('sponsored_submissions')
        .columns(['status', 'created_at', 'id'])
        .execute();

      await idColumn(db, 'payment_transactions')
        .addColumn('submission_id', 'integer', (col) =>
          col.notNull().references('sponsored_submissions.id').onDelete('restrict'),
        )
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('provider_session_id', 'text', (col) => col.unique())
        .addColumn('provider_payment_id', 'text')
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('completed_at', 'bigint')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('payment_transactions_submission_idx')
        .on('payment_transactions')
        .columns(['submission_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('window_start', 'bigint', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .execute();

      await db
        .insertInto('categories' as never)
        .values([
          {
            id: 'funding',
            slug: 'funding',
            name: 'Funding',
            description:
              'Campaigns raising money in new ways, and the strategies that got them over the line.',
            position: 1,
          },
          {
            id: 'tech',
            slug: 'technology',
            name: 'Technology',
            description:
              'Gadgets, hardware and software projects looking for their first backers.',
            position: 2,
          },
          {
            id: 'creative',
            slug: 'creative-projects',
            name: 'Creative Projects',
            description: 'Games, films, books, music and art brought to life by their communities.',
            position: 3,
          },
          {
            id: 'social',
            slug: 'social-impact',
            name: 'Social Impact',
            description: 'Campaigns that put people and the planet first.',
            position: 4,
          },
          {
            id: 'business',
            slug: 'business',
            name: 'Business',
            description: 'Founders turning a crowdfunding campaign into a lasting company.',
            position: 5,
          },
        ] as never)
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'rate_limits',
        'payment_transactions',
        'sponsored_submissions',
        'newsletter_subscribers',
        'contact_submissions',
        'resources',
        'post_categories',
        'posts',
        'categories',
        'refresh_tokens',
        'users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
