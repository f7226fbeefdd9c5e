/**
 * Contact messages: the contact form and POST /api/submissions/contact send
 * through `send`, the back office's inbox reads and marks them read.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ContactMessageJson, ContactMessageStatus } from '../../../common/answers.ts';
import { isHoneypotFilled } from '../../../common/honeypot.ts';
import { contactMessageSchema, contactMessageStatusSchema } from '../../../common/schemas/contact-message.ts';
import { listSearchSchema } from '../../../common/schemas/search.ts';
import { validate } from '../../../common/validate.ts';
import {
  countContactMessagesByStatus,
  findContactMessageById,
  insertContactMessage,
  listContactMessages,
  updateContactMessageStatus,
} from '../../db/queries/contact-messages.ts';
import { hitRateLimit, type RateLimitRule } from '../../db/queries/rate-limits.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { AppDeps } from '../../deps.ts';
import { siteLink } from '../../config.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { notifyOwner } from './owner-notifications.ts';
import { enforceRateLimit } from '../rate-limits.ts';
import { changeStatus, type StatusChangeRules } from '../status-change.ts';
import type { Caller } from '../../auth/caller.ts';

// The same message sent again within this window (a double click without
// JavaScript, a reload that re-posts, a client retrying) is answered but
// stored once.
const DUPLICATE_WINDOW: RateLimitRule = { name: 'contact-dup', max: 1, windowSeconds: 10 * 60 };

const STATUS_RULES: StatusChangeRules<ContactMessageStatus, ContactMessageJson> = {
  what: 'message',
  notFoundMessage: 'Contact message not found',
  find: findContactMessageById,
  update: updateContactMessageStatus,
  // SPEC.md section 4: new → read through 'Mark Read', and no way back.
  transitions: { new: ['read'], read: [] },
  alreadyMessage: (status) => `This message is already marked ${status}`,
};

export const contactListFilterSchema = z.object({
  status: z.enum(['new', 'read'], { error: 'status must be new or read' }).optional(),
  ...listSearchSchema.shape,
});

/** Tells the site's staff a message came in: who wrote and what, and where to answer it. */
function contactNotificationMail(message: { name: string; email: string; message: string }, inbox: string): Omit<MailMessage, 'to'> {
  // A name is one line of the subject: a line break in it would start a header.
  const name = message.name.replace(/[\r\n]+/g, ' ').trim();
  return {
    kind: 'contact_notification',
    subject: `New contact message from ${name}`,
    text: [`${name} <${message.email}> wrote through the contact form:`, '', message.message, '', `Read it at ${inbox}`].join('\n'),
  };
}

export function contactMessagesService(deps: AppDeps) {
  const { db, logger, rateLimits } = deps;
  return {
    /**
     * Validates and stores a message; its id, or null when nothing was
     * stored: a filled honeypot, or a repeat of a message just sent (kept once).
     */
    async send(values: unknown, caller: Caller): Promise<{ id: number | null }> {
      const input = validate(contactMessageSchema, values);
      if (isHoneypotFilled(values)) {
        logger.info('contact message: honeypot filled, message dropped');
        return { id: null };
      }
      await enforceRateLimit(db, rateLimits.contactPerIp, caller.clientIp);
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([input.name, input.email.toLowerCase(), input.message]))
        .digest('base64url');
      if (!(await hitRateLimit(db, DUPLICATE_WINDOW, fingerprint)).allowed) return { id: null };
      const message = await insertContactMessage(db, input);
      await notifyOwner(deps, contactNotificationMail(input, siteLink(deps.config, '/admin/contacts')));
      return { id: message.id };
    },

    async list(filter: z.output<typeof contactListFilterSchema> & PageRequest) {
      const [page, counts] = await Promise.all([listContactMessages(db, filter), countContactMessagesByStatus(db)]);
      return { ...page, counts };
    },

    find: (id: number): Promise<ContactMessageJson | undefined> => findContactMessageById(db, id),

    changeStatus: (id: number, values: unknown): Promise<ContactMessageJson> =>
      changeStatus(db, STATUS_RULES, id, validate(contactMessageStatusSchema, values)),
  };
}
