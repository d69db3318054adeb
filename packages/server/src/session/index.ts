/**
 * The session, in one place: the cookie (cookie.ts), the rows behind it (store.ts), who a request is (auth.ts) and
 * signing in and out (lifecycle.ts). Why it works this way: docs/decisions/0004-sessions.md.
 */
export { type AuthContext, type AuthDeps, authOf, registerAuth, requireAuth, resolveAuth } from './auth';
export { type SessionCookiePolicy, sessionCookiePolicy } from './cookie';
export { endSession, replaceSession, startSession } from './lifecycle';
export { createSessionStore, type SessionStore } from './store';
