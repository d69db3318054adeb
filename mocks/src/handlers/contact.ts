import { MESSAGES, contactSchema, firstIssueMessage, type ContactDetails } from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { SUPPORT_EMAIL, mockDb, newUuid, notifyMockDbChange } from '../db';
import { api, errorResponse, readJsonBody, requireUser } from '../http';

/**
 * Contact Us: the operator's details (mockDb.contactDetails, the server's CONTACT_* settings); a message is stored and
 * mailed to support (the contact email when one is configured, as on the server) with the user as reply-to.
 */
export const contactHandlers = [
  http.get(api('/contactus'), ({ cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    return HttpResponse.json<ContactDetails>({ ...mockDb.contactDetails });
  }),
  http.post(api('/contactus'), async ({ request, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = contactSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const { subject, message } = parsed.data;
    const user = auth.user;
    const sentAt = new Date().toISOString();
    mockDb.contactMessages.push({ _id: newUuid(), userId: user._id, subject, message, createdAt: sentAt });
    const mail = {
      to: mockDb.contactDetails.email ?? SUPPORT_EMAIL,
      replyTo: user.email,
      subject: `[Contact] ${subject}`,
      text: `From: ${user.name} <${user.email}>\n\n${message}\n`,
      sentAt,
    };
    mockDb.outbox.push(mail);
    if (typeof window !== 'undefined') console.info(`[mock mail] to ${mail.to} from ${mail.replyTo}: ${mail.subject}`);
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.contactSent });
  }),
];
