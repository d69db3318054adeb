import { z } from 'zod';
import { validateContact } from '../contact';
import { MESSAGES } from '../messages';

/** POST /api/contactus: the form's rules (contact.ts), first message first. */
export const contactSchema = z
  .strictObject({
    subject: z.string({ error: MESSAGES.subjectRequired }),
    message: z.string({ error: MESSAGES.messageRequired }),
  })
  .superRefine((body, ctx) => {
    const errors = validateContact(body);
    const first = errors.subject ?? errors.message;
    if (first) ctx.addIssue({ code: 'custom', message: first });
  })
  .transform((body) => ({ subject: body.subject.trim(), message: body.message.trim() }));

export type ContactBody = z.infer<typeof contactSchema>;
