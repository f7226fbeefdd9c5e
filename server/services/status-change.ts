/**
 * The one way a reviewed record (a contact message, a sponsored submission)
 * changes status: read it, check the version first, then the transition,
 * then any rule of the record itself, then write with the version as a
 * guard, all in one transaction.
 */
import { DomainError, notFound, versionConflict } from '../../common/errors.ts';
import type { Database, Db } from '../db/schema.ts';
import type { Kysely } from 'kysely';

export interface StatusRecord<Status extends string> {
  status: Status;
  version: number;
}

export interface StatusChangeRules<Status extends string, Row extends StatusRecord<Status>> {
  /** How the record is named in messages: 'message', 'submission'. */
  what: string;
  notFoundMessage: string;
  find: (db: Db, id: number) => Promise<Row | undefined>;
  update: (db: Db, id: number, status: Status, version: number) => Promise<Row | undefined>;
  /** Which statuses may follow which. */
  transitions: Record<Status, readonly Status[]>;
  /** The refusal of a status the record already has. */
  alreadyMessage: (status: Status) => string;
  /** A rule beyond the transitions: the refusal of this change of this record, if any. */
  refusal?: (current: Row, status: Status) => string | undefined;
  /** More to write with the change, in its transaction (a timeline entry). */
  afterUpdate?: (trx: Db, updated: Row) => Promise<void>;
}

export function changeStatus<Status extends string, Row extends StatusRecord<Status>>(
  db: Kysely<Database>,
  rules: StatusChangeRules<Status, Row>,
  id: number,
  change: { status: Status; version: number },
): Promise<Row> {
  return db.transaction().execute(async (trx) => {
    const current = await rules.find(trx, id);
    if (!current) throw notFound(rules.notFoundMessage);
    if (current.version !== change.version) throw versionConflict(rules.what);
    if (!rules.transitions[current.status].includes(change.status)) {
      throw new DomainError(
        'INVALID_STATUS_TRANSITION',
        current.status === change.status
          ? rules.alreadyMessage(change.status)
          : `A ${rules.what} cannot go from ${current.status} to ${change.status}`,
      );
    }
    const refusal = rules.refusal?.(current, change.status);
    if (refusal) throw new DomainError('INVALID_STATUS_TRANSITION', refusal);
    const updated = await rules.update(trx, id, change.status, change.version);
    if (!updated) throw versionConflict(rules.what);
    await rules.afterUpdate?.(trx, updated);
    return updated;
  });
}
