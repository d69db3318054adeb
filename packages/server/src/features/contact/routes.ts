import { contactSchema, MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/errors';
import { type AuthDeps, authOf, requireAuth } from '../../session';
import type { ContactService } from './service';

export interface ContactRoutesOptions {
  contact: ContactService;
  authDeps: AuthDeps;
}

/** POST /api/contactus: subject and message to support. */
export async function contactRoutes(app: FastifyInstance, { contact, authDeps }: ContactRoutesOptions) {
  app.post('/contactus', { preHandler: requireAuth(authDeps) }, async (request) => {
    const body = parse(contactSchema, request.body);
    await contact.send(authOf(request).user, body);
    return { message: MESSAGES.contactSent };
  });
}
