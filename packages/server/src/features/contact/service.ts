import { randomUUID } from 'node:crypto';
import type { ContactBody, User } from '@inventory/contract';
import type { Db } from '../../db';
import type { Mailer } from '../../mail';
import { oneLine } from '../../mail/one-line';
import type { RateLimiter } from '../../rate-limit/limiter';

export interface ContactServiceOptions {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  limiter: RateLimiter;
  now?: () => Date;
}

/** Contact Us: store the message, then mail it to support as plain text, reply-to the user. */
export function createContactService({ db, mailer, supportEmail, limiter, now = () => new Date() }: ContactServiceOptions) {
  return {
    async send(user: User, body: ContactBody): Promise<void> {
      await limiter.consume('contact', user._id);
      const at = now().toISOString();
      await db
        .insertInto('contact_messages')
        .values({ id: randomUUID(), user_id: user._id, subject: body.subject, message: body.message, created_at: at })
        .execute();
      // A text mail only: what the user wrote is never interpreted as HTML.
      await mailer.send({
        to: supportEmail,
        replyTo: user.email,
        subject: `[Support] ${oneLine(body.subject)}`,
        text: [`From: ${oneLine(user.name)} <${user.email}>`, `Sent: ${at}`, `Subject: ${oneLine(body.subject)}`, '', body.message, ''].join('\n'),
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
