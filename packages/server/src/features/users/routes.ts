import {
  acceptsJsonOnly,
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
import { HttpError, parse } from '../../http/errors';
import { type AuthDeps, authOf, endSession, replaceSession, requireAuth, resolveAuth, startSession } from '../../session';
import { sendDefaultAvatar } from './default-avatar';
import type { UserService } from './service';

export interface UserRoutesOptions {
  users: UserService;
  authDeps: AuthDeps;
}

/** /api/users: routes stay thin: schema, then auth, then the service; the session module signs in and out. */
export async function userRoutes(app: FastifyInstance, { users, authDeps }: UserRoutesOptions) {
  const signedIn = requireAuth(authDeps);

  app.post('/register', async (request, reply) => {
    const body = parse(registerSchema, request.body);
    const user = await users.register(body, request.ip);
    await startSession(reply, authDeps, user._id);
    return reply.status(201).send(user);
  });

  app.post('/login', async (request, reply) => {
    const body = parse(loginSchema, request.body);
    const user = await users.login(body, request.ip);
    await replaceSession(request, reply, authDeps, user._id);
    return reply.send(user);
  });

  app.get('/logout', async (request, reply) => {
    await endSession(request, reply, authDeps);
    return reply.send({ message: MESSAGES.loggedOut });
  });

  app.get('/loggedin', async (request, reply) => {
    const auth = await resolveAuth(request, reply, authDeps);
    return reply.type('application/json').send(JSON.stringify(auth !== null));
  });

  app.get('/getuser', { preHandler: signedIn }, async (request) => authOf(request).user);

  // DEFAULT_AVATAR_PATH: the photo answered for a user without one.
  app.get('/avatar.png', async (_request, reply) => sendDefaultAvatar(reply));

  app.patch('/updateuser', { preHandler: signedIn }, async (request) => {
    const body = parse(updateUserSchema, request.body);
    return users.update(authOf(request).user._id, body);
  });

  // The original API answers the message as plain text (its clients show the body as is); a request that accepts
  // JSON alone (our app) gets `{message}`.
  app.patch('/changepassword', { preHandler: signedIn }, async (request, reply) => {
    const body = parse(changePasswordSchema, request.body);
    const auth = authOf(request);
    await users.changePassword(auth.user._id, auth.sessionIdHash, body);
    if (acceptsJsonOnly(request.headers.accept)) return reply.send({ message: MESSAGES.passwordChanged });
    return reply.type('text/plain; charset=utf-8').send(MESSAGES.passwordChanged);
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
