import {
  changePasswordSchema,
  forgotSchema,
  loginSchema,
  MESSAGES,
  registerSchema,
  resetParamsSchema,
  resetSchema,
  updateUserSchema,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { type AuthDeps, authOf, requireAuth, resolveAuth } from '../../http/auth';
import { HttpError, parse } from '../../http/errors';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../sessions/cookie';
import type { SessionService } from '../sessions/service';
import type { UserService } from './service';

export interface UserRoutesOptions {
  users: UserService;
  sessions: SessionService;
  secureCookies: boolean;
}

/** /api/users: routes stay thin — schema, then auth, then the service (DESIGN.md §2). */
export async function userRoutes(app: FastifyInstance, { users, sessions, secureCookies }: UserRoutesOptions) {
  const authDeps: AuthDeps = { sessions, secureCookies };
  const signedIn = requireAuth(authDeps);

  app.post('/register', async (request, reply) => {
    const body = parse(registerSchema, request.body);
    const { user, token } = await users.register(body, request.ip);
    setSessionCookie(reply, token, secureCookies);
    return reply.status(201).send(user);
  });

  app.post('/login', async (request, reply) => {
    const body = parse(loginSchema, request.body);
    const { user, token } = await users.login(body, request.ip);
    // Rotate: whatever session the browser held before is ended; the new one has a fresh id.
    await sessions.deleteByToken(sessionToken(request));
    setSessionCookie(reply, token, secureCookies);
    return reply.send(user);
  });

  app.get('/logout', async (request, reply) => {
    await sessions.deleteByToken(sessionToken(request));
    clearSessionCookie(reply, secureCookies);
    return reply.send({ message: MESSAGES.loggedOut });
  });

  app.get('/loggedin', async (request, reply) => {
    const auth = await resolveAuth(request, reply, authDeps);
    return reply.type('application/json').send(JSON.stringify(auth !== null));
  });

  app.get('/getuser', { preHandler: signedIn }, async (request) => authOf(request).user);

  app.patch('/updateuser', { preHandler: signedIn }, async (request) => {
    const body = parse(updateUserSchema, request.body);
    return users.update(authOf(request).user._id, body);
  });

  app.patch('/changepassword', { preHandler: signedIn }, async (request) => {
    const body = parse(changePasswordSchema, request.body);
    const auth = authOf(request);
    await users.changePassword(auth.user._id, auth.sessionIdHash, body);
    return { message: MESSAGES.passwordChanged };
  });

  app.post('/forgotpassword', async (request) => {
    const { email } = parse(forgotSchema, request.body);
    await users.forgotPassword(email, request.ip);
    return { message: MESSAGES.resetEmailSent };
  });

  app.put('/resetpassword/:resetToken', async (request) => {
    let resetToken: string;
    try {
      ({ resetToken } = parse(resetParamsSchema, request.params));
    } catch {
      throw new HttpError(400, MESSAGES.resetTokenInvalid);
    }
    const body = parse(resetSchema, request.body);
    await users.resetPassword(resetToken, body, request.ip);
    return { message: MESSAGES.passwordReset };
  });
}
