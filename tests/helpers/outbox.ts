// What the site mailed, read where it keeps every mail (the outbox), so a test without a mail server still reads it.
import type { TestApp } from './test-app.ts';

/** The kept mails to `address`, oldest first. */
export const mailsTo = (app: Pick<TestApp, 'handle'>, address: string) =>
  app.handle.db.selectFrom('outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();
