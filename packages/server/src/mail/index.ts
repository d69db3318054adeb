import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { FastifyBaseLogger } from 'fastify';

/** A file sent with a mail (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

/**
 * Sends one mail: SMTP when SMTP_URL is set, else saved as .eml under DATA_DIR (docs/decisions/0011-mail-without-smtp.md).
 * `send` resolves once the mail is accepted (by the SMTP server, or written to disk) and rejects when it is not, so the
 * outbox (mail/outbox-sender.ts), the only caller, knows whether to mark it sent or try again.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Release the transport. */
  close?(): Promise<void>;
}

/**
 * Bounds on one SMTP exchange, so a server that stops answering fails the mail (which the outbox tries again) instead
 * of holding it: far inside the outbox's claim timeout, so a live process always finishes with a mail before another
 * may take it over. nodemailer's own defaults wait up to 10 minutes on a silent socket.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

/** SMTP through nodemailer, one connection per mail; the outbox logs each outcome (recipient and subject only). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * A text part given as a raw MIME node in 8bit, so long lines (a reset link) stay whole in the saved file instead of
 * being folded by quoted-printable soft breaks. Lines here stay far below SMTP's 998-byte limit.
 */
function rawPart(contentType: string, body: string): Mail.AttachmentLike {
  const normalised = body.replace(/\r?\n/g, '\r\n');
  const raw = `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${normalised}`;
  // nodemailer accepts `{raw}` for text and html (a pre-built MIME node); its type definitions only list content/path.
  return { raw } as Mail.AttachmentLike;
}

const LINK_PATTERN = /https?:\/\/\S+/g;

/** Saves every mail as an RFC 822 .eml file under `${dataDir}/mail` and logs recipient, subject and links. */
export function createFileMailer(dataDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const dir = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        replyTo: message.replyTo,
        // A raw node stands for the whole message when it is the only part, headers included: text-only mails go as text.
        text: message.html === undefined ? message.text : rawPart('text/plain', message.text),
        ...(message.attachments ? { attachments: message.attachments } : {}),
        html: message.html === undefined ? undefined : rawPart('text/html', message.html),
      });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(LINK_PATTERN) ?? [];
      log.info({ to: message.to, subject: message.subject, links, file }, `mail saved (no SMTP_URL): ${message.subject} → ${message.to} ${links.join(' ')}`);
    },
  };
}

