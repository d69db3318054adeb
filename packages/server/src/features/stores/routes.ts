import {
  idParamsSchema,
  invitationCreateSchema,
  invitationTokenParamsSchema,
  memberParamsSchema,
  memberRoleSchema,
  MESSAGES,
  storeNameSchema,
  storeSwitchSchema,
  tokenCreateSchema,
} from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, parse } from '../../http/errors';
import { authOf, requireAuth } from '../../session';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import type { StoreService } from './service';
import { pathParams } from '../../http/path-id';

export interface StoreRoutesOptions {
  stores: StoreService;
  access: StoreAccessDeps;
}


/** A session-only route: the signed-in person, never an API token. */
function sessionOf(request: FastifyRequest) {
  const auth = authOf(request);
  return { user: auth.user, sessionIdHash: auth.sessionIdHash };
}

/**
 * /api/stores…: the user's stores and the active one, members, invitations and API tokens; /api/invitations/:token:
 * an invitation link's preview and acceptance. Each route: schema, who (session or token, role), then the service.
 */
export async function storeRoutes(app: FastifyInstance, { stores, access }: StoreRoutesOptions) {
  const signedIn = requireAuth(access.auth);
  const store = (permission: Parameters<typeof requireStore>[1], sessionOnly = false) =>
    requireStore(access, permission, { sessionOnly });

  app.get('/api/stores', { preHandler: signedIn }, async (request) => {
    const auth = authOf(request);
    return stores.list(auth.user, auth.sessionIdHash, auth.storeId, auth.role);
  });

  app.post('/api/stores', { preHandler: signedIn }, async (request, reply) => {
    const { name } = parse(storeNameSchema, request.body);
    const { user, sessionIdHash } = sessionOf(request);
    return reply.status(201).send(await stores.create(user, sessionIdHash, name));
  });

  app.get('/api/stores/active', { preHandler: store('catalogue:read') }, async (request) => stores.active(storeOf(request)));

  app.put('/api/stores/active', { preHandler: signedIn }, async (request) => {
    const { storeId } = parse(storeSwitchSchema, request.body);
    const { user, sessionIdHash } = sessionOf(request);
    return stores.switchTo(user._id, sessionIdHash, storeId);
  });

  app.patch('/api/stores/active', { preHandler: store('store:manage') }, async (request) => {
    const { name } = parse(storeNameSchema, request.body);
    return stores.rename(storeOf(request), name);
  });

  app.delete('/api/stores/active', { preHandler: store('store:manage', true) }, async (request) => {
    const { user, sessionIdHash } = sessionOf(request);
    await stores.remove(storeOf(request), user, sessionIdHash);
    return { message: MESSAGES.storeDeleted };
  });

  app.get('/api/stores/active/members', { preHandler: store('members:read') }, async (request) => stores.members(storeOf(request)));

  app.patch('/api/stores/active/members/:userId', { preHandler: store('members:manage') }, async (request) => {
    const { userId } = pathParams(memberParamsSchema, request, MESSAGES.memberNotFound);
    const { role } = parse(memberRoleSchema, request.body);
    return stores.changeRole(storeOf(request), userId, role);
  });

  // Any member may call it (to leave); removing someone else is checked against the role in the service.
  app.delete('/api/stores/active/members/:userId', { preHandler: store('catalogue:read') }, async (request) => {
    const { userId } = pathParams(memberParamsSchema, request, MESSAGES.memberNotFound);
    const outcome = await stores.removeMember(storeOf(request), userId);
    return { message: outcome === 'left' ? MESSAGES.leftStore : MESSAGES.memberRemoved };
  });

  app.get('/api/stores/active/invitations', { preHandler: store('members:manage') }, async (request) =>
    stores.invitations(storeOf(request)),
  );

  app.post('/api/stores/active/invitations', { preHandler: store('members:manage') }, async (request, reply) => {
    const body = parse(invitationCreateSchema, request.body);
    return reply.status(201).send(await stores.invite(storeOf(request), body));
  });

  app.delete('/api/stores/active/invitations/:id', { preHandler: store('members:manage') }, async (request) => {
    const { id } = pathParams(idParamsSchema, request, MESSAGES.invitationNotFound);
    await stores.revokeInvitation(storeOf(request), id);
    return { message: MESSAGES.invitationRevoked };
  });

  // An invitation token that cannot be one answers like an unknown one: 400 with the same message.
  const invitationToken = (request: FastifyRequest) => {
    const params = invitationTokenParamsSchema.safeParse(request.params);
    if (!params.success) throw new HttpError(400, MESSAGES.invitationInvalid);
    return params.data.token;
  };

  app.get('/api/invitations/:token', async (request) => stores.preview(invitationToken(request)));

  app.post('/api/invitations/:token/accept', { preHandler: signedIn }, async (request) => {
    const { user, sessionIdHash } = sessionOf(request);
    return stores.accept(user, sessionIdHash, invitationToken(request));
  });

  app.get('/api/stores/active/tokens', { preHandler: store('tokens:manage', true) }, async (request) => stores.tokens(storeOf(request)));

  app.post('/api/stores/active/tokens', { preHandler: store('tokens:manage', true) }, async (request, reply) => {
    const body = parse(tokenCreateSchema, request.body);
    return reply.status(201).send(await stores.createToken(storeOf(request), authOf(request).user.name, body));
  });

  app.delete('/api/stores/active/tokens/:id', { preHandler: store('tokens:manage', true) }, async (request) => {
    const { id } = pathParams(idParamsSchema, request, MESSAGES.tokenNotFound);
    await stores.revokeToken(storeOf(request), id);
    return { message: MESSAGES.tokenRevoked };
  });
}
