/** The timeline of sponsored submissions: what happened to each, and the mails its sponsor was sent. */
import type { MailDeliveryStatus, SponsorEventJson, SponsorEventKind } from '../../../common/answers.ts';
import { nowSeconds } from '../database.ts';
import type { Db } from '../schema.ts';

export interface NewSponsorEvent {
  submissionId: number;
  kind: SponsorEventKind;
  createdBy?: number | null;
  to?: string | null;
  outboxId?: number | null;
  detail?: string | null;
  /** An event that must happen once: a second insert with the same key adds nothing. */
  dedupeKey?: string;
}

/** Adds an event; its id, or undefined when one with the same dedupe key is already there. */
export async function insertSponsorEvent(db: Db, event: NewSponsorEvent): Promise<number | undefined> {
  const row = await db
    .insertInto('sponsored_submission_events')
    .values({
      submission_id: event.submissionId,
      kind: event.kind,
      created_at: nowSeconds(),
      created_by: event.createdBy ?? null,
      to_address: event.to ?? null,
      outbox_id: event.outboxId ?? null,
      detail: event.detail ?? null,
      dedupe_key: event.dedupeKey ?? null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Records the outbox entry of a mail event once the mail is kept. */
export async function setSponsorEventMail(db: Db, id: number, to: string, outboxId: number): Promise<void> {
  await db.updateTable('sponsored_submission_events').set({ to_address: to, outbox_id: outboxId }).where('id', '=', id).execute();
}

/** Takes back a claimed event whose mail could not be kept, so a retry can claim it again. */
export async function deleteSponsorEvent(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sponsored_submission_events').where('id', '=', id).execute();
}

/** Whether the submission has an event of `kind` (with `detail`, when given). */
/** The member of staff who last approved the submission, if one did and is still on the staff. */
export async function findApproverOf(db: Db, submissionId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('sponsored_submission_events')
    .select('created_by')
    .where('submission_id', '=', submissionId)
    .where('kind', '=', 'approved')
    .where('created_by', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_by ?? undefined;
}

export async function hasSponsorEvent(db: Db, submissionId: number, kind: SponsorEventKind, detail?: string): Promise<boolean> {
  let query = db
    .selectFrom('sponsored_submission_events')
    .select('id')
    .where('submission_id', '=', submissionId)
    .where('kind', '=', kind);
  if (detail !== undefined) query = query.where('detail', '=', detail);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** One event as the timeline shows it. */
export async function findSponsorEvent(db: Db, id: number): Promise<SponsorEventJson | undefined> {
  return (await timelineQuery(db).where('sponsored_submission_events.id', '=', id).execute()).map(toEventJson)[0];
}

/** A submission's timeline, oldest first, with who did each thing and how each mail's delivery went. */
export async function listSponsorEvents(db: Db, submissionId: number): Promise<SponsorEventJson[]> {
  const rows = await timelineQuery(db)
    .where('sponsored_submission_events.submission_id', '=', submissionId)
    .orderBy('sponsored_submission_events.created_at')
    .orderBy('sponsored_submission_events.id')
    .execute();
  return rows.map(toEventJson);
}

function timelineQuery(db: Db) {
  return db
    .selectFrom('sponsored_submission_events')
    .leftJoin('users', 'users.id', 'sponsored_submission_events.created_by')
    .leftJoin('outbox', 'outbox.id', 'sponsored_submission_events.outbox_id')
    .select([
      'sponsored_submission_events.id',
      'sponsored_submission_events.kind',
      'sponsored_submission_events.created_at',
      'sponsored_submission_events.to_address',
      'sponsored_submission_events.outbox_id',
      'sponsored_submission_events.detail',
      'users.email as by',
      'outbox.status as mail_status',
    ]);
}

type TimelineRow = Awaited<ReturnType<ReturnType<typeof timelineQuery>['execute']>>[number];

const toEventJson = (row: TimelineRow): SponsorEventJson => ({
  id: row.id,
  kind: row.kind,
  created_at: Number(row.created_at),
  by: row.by,
  mail:
    row.to_address === null
      ? null
      : { to: row.to_address, outbox_id: row.outbox_id, status: (row.mail_status ?? null) as MailDeliveryStatus | null },
  detail: row.detail,
});
