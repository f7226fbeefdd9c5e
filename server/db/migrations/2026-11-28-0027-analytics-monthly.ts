/**
 * `analytics_monthly`: the daily roll-ups of `analytics_daily` added up per
 * UTC month (`YYYY-MM`), written in the same transaction as the daily rows,
 * so a year's report reads twelve rows per value instead of 365 (decision
 * 071). Visitors are the sum of the month's daily visitors, as the daily
 * rows hold them. The rows already kept are added up here once.
 * Frozen: later changes get a new migration, never an edit here.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function analyticsMonthlyMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('analytics_monthly')
        .addColumn('dimension', 'text', (col) => col.notNull())
        .addColumn('month', 'text', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .addColumn('views', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('visitors', 'bigint', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('analytics_monthly_pk', ['dimension', 'month', 'value'])
        .execute();
      await sql`
        insert into analytics_monthly (dimension, month, value, views, visitors)
        select dimension, substr(day, 1, 7), value, sum(views), sum(visitors)
        from analytics_daily
        group by dimension, substr(day, 1, 7), value
      `.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('analytics_monthly').execute();
    },
  };
}
