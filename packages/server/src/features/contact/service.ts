import { randomUUID } from 'node:crypto';
import type { ContactBody, User } from '@inventory/contract';
import type { Db } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import { oneLine } from '../../mail/one-line';
import type { MailQueue } from '../../mail/outbox';
import type { RateLimiter } from '../../rate-limit/limiter';

export interface ContactServiceOptions {
  db: Db;
  mail: MailQueue;
  supportEmail: string;
  limiter: RateLimiter;
  now?: () => Date;
}

/** Contact Us: store the message and its mail to support (plain text, reply-to the user) in one transaction. */
export function createContactService({ db, mail, supportEmail, limiter, now = () => new Date() }: ContactServiceOptions) {
  return {
    async send(user: User, body: ContactBody): Promise<void> {
      await limiter.consume('contact', user._id);
      const id = randomUUID();
      const at = now().toISOString();
      await writeTransaction(db, async (trx) => {
        await trx.insertInto('contact_messages').values({ id, user_id: user._id, subject: body.subject, message: body.message, created_at: at }).execute();
        // A text mail only: what the user wrote is never interpreted as HTML.
        await mail.enqueue(trx, {
          kind: 'contact',
          aboutId: id,
          to: supportEmail,
          replyTo: user.email,
          subject: `[Support] ${oneLine(body.subject)}`,
          text: [`From: ${oneLine(user.name)} <${user.email}>`, `Sent: ${at}`, `Subject: ${oneLine(body.subject)}`, '', body.message, ''].join('\n'),
        });
      });
      mail.kick();
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
