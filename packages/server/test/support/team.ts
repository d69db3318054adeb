import type { ApiTokenCreated, Invitation, Role } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { MailMessage, Mailer } from '../../src/mail';
import { cookieHeader, register, uniqueEmail } from './app';

/** A mailer that keeps what it is given, so a test reads the invitation link a person would click. */
export function memoryMailer(): Mailer & { sent: MailMessage[]; invitationToken(email: string): string } {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push(message);
    },
    invitationToken(email: string) {
      const mail = sent.findLast((message) => message.to === email);
      const token = mail?.text.match(/\/invitations\/([A-Za-z0-9_-]+)/)?.[1];
      if (!token) throw new Error(`no invitation mailed to ${email}`);
      return token;
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** JSON call as a session (cookie token) or with extra headers (a bearer token). */
export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) {
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Invite `email` as `role` from the owner's session and return the mailed token (once the outbox has sent it). */
export async function invite(app: FastifyInstance, mailer: ReturnType<typeof memoryMailer>, ownerToken: string, email: string, role: Role) {
  const response = await call(app, 'POST', '/api/stores/active/invitations', cookieHeader(ownerToken), { email, role });
  expect(response.statusCode, response.body).toBe(201);
  await app.outbox.flush();
  return { invitation: response.json<Invitation>(), token: mailer.invitationToken(email) };
}

/** A new user who registers and joins the owner's active store as `role` through a mailed invitation. */
export async function joinAs(app: FastifyInstance, mailer: ReturnType<typeof memoryMailer>, ownerToken: string, role: Role, name = `${role} member`) {
  const email = uniqueEmail(role);
  const { token: link } = await invite(app, mailer, ownerToken, email, role);
  const { token, response } = await register(app, { name, email });
  expect(response.statusCode).toBe(201);
  const accepted = await call(app, 'POST', `/api/invitations/${link}/accept`, cookieHeader(token));
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { token: token!, userId: response.json<{ _id: string }>()._id, email };
}

/** An API token of the owner's active store. */
export async function apiToken(app: FastifyInstance, ownerToken: string, role: Role, name = `${role} script`) {
  const response = await call(app, 'POST', '/api/stores/active/tokens', cookieHeader(ownerToken), { name, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiTokenCreated>();
}
