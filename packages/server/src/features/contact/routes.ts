import { contactSchema, MESSAGES, type ContactDetails } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/errors';
import { type AuthDeps, authOf, requireAuth } from '../../session';
import type { ContactService } from './service';

export interface ContactRoutesOptions {
  contact: ContactService;
  /** The operator's configured details (config.contact). */
  details: ContactDetails;
  authDeps: AuthDeps;
}

/** GET /api/contactus: the operator's contact details. POST /api/contactus: subject and message to support. */
export async function contactRoutes(app: FastifyInstance, { contact, details, authDeps }: ContactRoutesOptions) {
  app.get('/contactus', { preHandler: requireAuth(authDeps) }, async (): Promise<ContactDetails> => ({ ...details }));

  app.post('/contactus', { preHandler: requireAuth(authDeps) }, async (request) => {
    const body = parse(contactSchema, request.body);
    await contact.send(authOf(request).user, body);
    return { message: MESSAGES.contactSent };
  });
}
