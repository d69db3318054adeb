import { DEFAULT_AVATAR_PATH, LIMITS, MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/crypto';
import { cookieHeader, flushMail, latestMail, PUBLIC_URL, register, RESET_LINK, sessionCookie, startApp, uniqueEmail } from './support/app';
import { databases, type TestDatabase } from './support/databases';

const DEFAULT_AVATAR = `${PUBLIC_URL}${DEFAULT_AVATAR_PATH}`;

describe.each(databases)('users API on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const loggedIn = async (token: string | undefined) =>
    (await app.inject({ method: 'GET', url: '/api/users/loggedin', headers: cookieHeader(token) })).json<boolean>();
  const login = (email: string, password: string, token?: string) =>
    app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, headers: cookieHeader(token) });

  describe('register', () => {
    it('creates the user, answers 201 with the public fields and sets an HttpOnly SameSite=Lax cookie', async () => {
      const email = uniqueEmail();
      const { response, token } = await register(app, { email: `  ${email.toUpperCase()} ` });
      expect(response.statusCode).toBe(201);
      const user = response.json();
      expect(user).toEqual({ _id: expect.any(String), name: 'Ada Lovelace', email, phone: '', bio: '', photo: DEFAULT_AVATAR });
      const cookie = response.cookies.find((c) => c.name === 'sid');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 3600 });
      expect(cookie?.secure).toBeFalsy();
      expect(token && token.length).toBeGreaterThanOrEqual(43);
      const row = await app.db.selectFrom('users').selectAll().where('id', '=', user._id).executeTakeFirstOrThrow();
      expect(row.email).toBe(email);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      // Only the token's hash is stored.
      const session = await app.db.selectFrom('sessions').selectAll().where('user_id', '=', user._id).executeTakeFirstOrThrow();
      expect(session.id_hash).toBe(sha256Hex(token ?? ''));
      expect(await loggedIn(token)).toBe(true);
    });

    it('refuses a second account for the same email (any case) with 409', async () => {
      const email = uniqueEmail();
      await register(app, { email });
      const { response, token } = await register(app, { email: email.toUpperCase() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: MESSAGES.emailTaken });
      expect(token).toBeUndefined();
    });

    it.each([
      [{}, MESSAGES.allFieldsRequired],
      [{ name: '', email: 'a@b.co', password: 'secret123' }, MESSAGES.allFieldsRequired],
      [{ name: '   ', email: 'a@b.co', password: 'secret123' }, MESSAGES.allFieldsRequired],
      [{ name: 'A', email: 'a@b.co' }, MESSAGES.allFieldsRequired],
      [{ name: 'A', email: 'bad', password: '' }, MESSAGES.allFieldsRequired],
      [{ name: 'A', email: 'bad', password: '123' }, MESSAGES.passwordTooShort],
      [{ name: 'A', email: 'a@b.co', password: '12345' }, MESSAGES.passwordTooShort],
      [{ name: 'A', email: 'bad', password: '123456' }, MESSAGES.invalidEmail],
      [{ name: 'A', email: 'a@b.c', password: '123456' }, MESSAGES.invalidEmail],
      [{ name: 'A', email: 42, password: '123456' }, MESSAGES.allFieldsRequired],
      [{ name: 'A', email: 'a@b.co', password: '123456', isAdmin: true }, 'Unexpected field: isAdmin'],
      [[], 'Request body must be a JSON object'],
      ['just a string', 'Request body must be a JSON object'],
      [null, 'Request body must be a JSON object'],
    ])('answers 400 for %j with the right message', async (payload, message) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(sessionCookie(response)).toBeUndefined();
    });

    it('bounds the name and password lengths', async () => {
      const long = await register(app, { name: 'A'.repeat(LIMITS.name + 1) });
      expect(long.response.json()).toEqual({ message: MESSAGES.fieldTooLong('Name', LIMITS.name) });
      const longPassword = await register(app, { password: 'x'.repeat(LIMITS.password + 1) });
      expect(longPassword.response.json()).toEqual({ message: MESSAGES.fieldTooLong('Password', LIMITS.password) });
    });
  });

  describe('login', () => {
    it('signs in, answers the user and always issues a new session id', async () => {
      const { body, token: first } = await register(app);
      const response = await login(body.email.toUpperCase(), body.password, first);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: body.name, email: body.email });
      expect(response.json()).not.toHaveProperty('password');
      const second = sessionCookie(response);
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      // The session the browser came with is ended (rotation).
      expect(await loggedIn(first)).toBe(false);
      expect(await loggedIn(second)).toBe(true);
    });

    it('gives the same 401 for an unknown email and a wrong password, and sets no cookie', async () => {
      const { body } = await register(app);
      const unknown = await login(uniqueEmail('nobody'), body.password);
      const wrong = await login(body.email, 'not-the-password');
      for (const response of [unknown, wrong]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: MESSAGES.invalidCredentials });
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });

    it.each([
      [{}, MESSAGES.allFieldsRequired],
      [{ email: 'a@b.co' }, MESSAGES.allFieldsRequired],
      [{ email: 'bad', password: '' }, MESSAGES.allFieldsRequired],
      [{ email: 'bad', password: 'x' }, MESSAGES.invalidEmail],
      [{ email: 'a@b.co', password: 'x', remember: true }, 'Unexpected field: remember'],
    ])('validates %j', async (payload, message) => {
      const response = await app.inject({ method: 'POST', url: '/api/users/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });

  describe('session', () => {
    it('loggedin answers bare true/false, never 401', async () => {
      const anonymous = await app.inject({ method: 'GET', url: '/api/users/loggedin' });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.body).toBe('false');
      expect(anonymous.headers['content-type']).toMatch(/^application\/json/);
      expect(await loggedIn('forged-token')).toBe(false);
      const { token } = await register(app);
      const signed = await app.inject({ method: 'GET', url: '/api/users/loggedin', headers: cookieHeader(token) });
      expect(signed.body).toBe('true');
    });

    it('getuser: 401 when signed out, the profile without secrets when signed in', async () => {
      const anonymous = await app.inject({ method: 'GET', url: '/api/users/getuser' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: MESSAGES.notAuthorized });
      const { token, body } = await register(app);
      const response = await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual(['_id', 'bio', 'email', 'name', 'phone', 'photo']);
      expect(response.json()).toMatchObject({ email: body.email });
    });

    it('logout ends the session and clears the cookie', async () => {
      const { token } = await register(app);
      const response = await app.inject({ method: 'GET', url: '/api/users/logout', headers: cookieHeader(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: MESSAGES.loggedOut });
      const cleared = response.cookies.find((c) => c.name === 'sid');
      expect(cleared?.value).toBe('');
      expect(await loggedIn(token)).toBe(false);
      const again = await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) });
      expect(again.statusCode).toBe(401);
      // Logging out without a session is fine too.
      expect((await app.inject({ method: 'GET', url: '/api/users/logout' })).statusCode).toBe(200);
    });

    it('rejects and deletes an expired session', async () => {
      const { token } = await register(app);
      const idHash = sha256Hex(token ?? '');
      await app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id_hash', '=', idHash).execute();
      const response = await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) });
      expect(response.statusCode).toBe(401);
      expect(await app.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', idHash).executeTakeFirst()).toBeUndefined();
    });
  });

  describe('updateuser', () => {
    const update = (token: string | undefined, payload: unknown) =>
      app.inject({ method: 'PATCH', url: '/api/users/updateuser', headers: cookieHeader(token), payload: payload as object });

    it('needs a session', async () => {
      expect((await update(undefined, { name: 'X' })).statusCode).toBe(401);
    });

    it('updates name, phone, bio and photo and answers the user', async () => {
      const { token, body } = await register(app);
      const response = await update(token, { name: ' Grace ', phone: '+1 555 0100', bio: 'Stock keeper', photo: 'https://img.example.com/a.png' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Grace', email: body.email, phone: '+1 555 0100', bio: 'Stock keeper', photo: 'https://img.example.com/a.png' });
      const again = await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) });
      expect(again.json()).toMatchObject({ name: 'Grace', bio: 'Stock keeper' });
      expect((await update(token, { photo: '' })).json()).toMatchObject({ photo: DEFAULT_AVATAR });
      // A /uploads/ photo must be one of the user's own uploads (uploads.test.ts covers that path).
      expect((await update(token, { photo: '/uploads/abc123.png' })).statusCode).toBe(400);
      expect((await update(token, { photo: `${PUBLIC_URL}/uploads/abc123.png` })).statusCode).toBe(400);
    });

    it('serves the default avatar to anyone: a cacheable PNG that is only ever an image', async () => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ method, url: DEFAULT_AVATAR_PATH });
        expect(response.statusCode, method).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.headers['cache-control']).toBe('public, max-age=86400');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['content-security-policy']).toBe("default-src 'none'");
        if (method === 'GET') expect([...response.rawPayload.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      }
    });

    it('answers the default avatar when no photo is set, and keeps "no photo" when it is sent back', async () => {
      const { token, body } = await register(app);
      const storedPhoto = async () =>
        (await app.db.selectFrom('users').select('photo').where('email', '=', body.email).executeTakeFirstOrThrow()).photo;
      expect((await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) })).json().photo).toBe(DEFAULT_AVATAR);
      await update(token, { photo: 'https://img.example.com/a.png' });
      for (const photo of [DEFAULT_AVATAR, DEFAULT_AVATAR_PATH]) {
        await update(token, { photo: 'https://img.example.com/a.png' });
        const response = await update(token, { photo });
        expect(response.statusCode, photo).toBe(200);
        expect(response.json().photo, photo).toBe(DEFAULT_AVATAR);
        expect(await storedPhoto(), photo).toBe('');
      }
    });

    it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://x.example.com/a.png', '/etc/passwd', '/uploads/../secret', 'not a url'])(
      'refuses photo %s',
      async (photo) => {
        const { token } = await register(app);
        const response = await update(token, { photo });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: MESSAGES.photoMustBeHttp });
      },
    );

    it('cannot change the email or other fields: what getuser answers is ignored when sent back, anything else refused', async () => {
      const { token, body } = await register(app);
      const before = (await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) })).json();
      // The whole user sent back, as a client that saves what it fetched does; the email and _id change nothing.
      const echoed = await update(token, { ...before, _id: '00000000-0000-4000-8000-000000000000', email: 'other@example.com', bio: 'Echoed' });
      expect(echoed.statusCode).toBe(200);
      expect(echoed.json()).toEqual({ ...before, bio: 'Echoed' });
      for (const payload of [{ password: 'newpassword' }, { createdAt: '2000-01-01T00:00:00.000Z' }, { role: 'admin' }]) {
        const response = await update(token, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/^Unexpected field/);
      }
      const user = await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) });
      expect(user.json()).toEqual({ ...before, bio: 'Echoed' });
      expect(user.json().email).toBe(body.email);
    });

    it.each([
      ['empty name', { name: '' }, MESSAGES.nameRequired],
      ['long name', { name: 'n'.repeat(LIMITS.name + 1) }, MESSAGES.fieldTooLong('Name', LIMITS.name)],
      ['long phone', { phone: '1'.repeat(LIMITS.phone + 1) }, MESSAGES.fieldTooLong('Phone', LIMITS.phone)],
      ['long bio', { bio: 'b'.repeat(LIMITS.bio + 1) }, MESSAGES.fieldTooLong('Bio', LIMITS.bio)],
      ['long photo', { photo: `https://x.example.com/${'p'.repeat(LIMITS.photoUrl)}` }, MESSAGES.fieldTooLong('Photo', LIMITS.photoUrl)],
      ['numeric bio', { bio: 5 }, 'Invalid input: expected string, received number'],
    ])('enforces limits: %s', async (_label, payload, message) => {
      const { token } = await register(app);
      const response = await update(token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });

  describe('changepassword', () => {
    const change = (token: string | undefined, payload: object, accept = 'application/json') =>
      app.inject({ method: 'PATCH', url: '/api/users/changepassword', headers: { ...cookieHeader(token), accept }, payload });

    it('refuses a wrong old password', async () => {
      const { token } = await register(app);
      const response = await change(token, { oldPassword: 'wrong-one', password: 'newsecret' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.wrongOldPassword });
    });

    it('validates the new password and needs a session', async () => {
      const { token } = await register(app);
      expect((await change(token, { oldPassword: 'secret123', password: '123' })).json()).toEqual({ message: MESSAGES.passwordTooShort });
      expect((await change(token, { password: 'newsecret' })).json()).toEqual({ message: MESSAGES.allFieldsRequired });
      expect((await change(undefined, { oldPassword: 'secret123', password: 'newsecret' })).statusCode).toBe(401);
    });

    it('changes the password, keeps this session and ends the others', async () => {
      const { token: current, body } = await register(app);
      const other = sessionCookie(await login(body.email, body.password));
      expect(await loggedIn(other)).toBe(true);
      const response = await change(current, { oldPassword: body.password, password: 'brand-new-secret' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: MESSAGES.passwordChanged });
      expect(await loggedIn(current)).toBe(true);
      expect(await loggedIn(other)).toBe(false);
      expect((await login(body.email, body.password)).statusCode).toBe(401);
      expect((await login(body.email, 'brand-new-secret')).statusCode).toBe(200);
    });

    it('answers {message} to Accept: application/json alone, the message as plain text to any other Accept', async () => {
      const { token, body } = await register(app);
      let password = body.password;
      const changed = async (accept: string) => {
        const next = `${password}-next`;
        const response = await change(token, { oldPassword: password, password: next }, accept);
        password = next;
        expect(response.statusCode, accept).toBe(200);
        return response;
      };
      const json = await changed('application/json');
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect(json.json()).toEqual({ message: MESSAGES.passwordChanged });
      for (const accept of ['application/json, text/plain, */*', '*/*', 'text/plain', 'text/html,application/xhtml+xml,*/*;q=0.8', '']) {
        const text = await changed(accept);
        expect(text.headers['content-type'], accept).toBe('text/plain; charset=utf-8');
        expect(text.body, accept).toBe(MESSAGES.passwordChanged);
      }
      // Failures stay JSON whatever the Accept.
      const wrong = await change(token, { oldPassword: 'wrong-one', password: 'newsecret' }, '*/*');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: MESSAGES.wrongOldPassword });
    });
  });

  describe('forgot and reset password', () => {
    /** Ask for a reset, then let the mail the server writes after answering go out. */
    const forgot = async (email: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload: { email }, headers });
      await flushMail(app);
      return response;
    };
    const reset = (token: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/users/resetpassword/${token}`, payload });

    async function requestReset(email: string): Promise<string> {
      const response = await forgot(email, { host: 'evil.example.com' });
      expect(response.statusCode).toBe(200);
      const mail = await latestMail(database.dataDir);
      expect(mail).toContain(`To: ${email}`);
      const match = mail?.match(RESET_LINK);
      expect(match).not.toBeNull();
      return match?.[1] ?? '';
    }

    it('answers identically for an unknown email and sends no mail', async () => {
      const { body } = await register(app);
      const known = await forgot(body.email);
      const before = await latestMail(database.dataDir);
      const unknown = await forgot(uniqueEmail('ghost'));
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(unknown.json()).toEqual({ message: MESSAGES.resetEmailSent });
      expect(await latestMail(database.dataDir)).toBe(before);
    });

    it.each([
      [{}, MESSAGES.emailRequired],
      [{ email: '  ' }, MESSAGES.emailRequired],
      [{ email: 'nope' }, MESSAGES.invalidEmail],
    ])('validates %j', async (payload, message) => {
      const response = await app.inject({ method: 'POST', url: '/api/users/forgotpassword', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('mails a link on PUBLIC_URL (never the Host header) that resets once and ends every session', async () => {
      const { body, token: session } = await register(app);
      const other = sessionCookie(await login(body.email, body.password));
      const resetToken = await requestReset(body.email);
      const mail = (await latestMail(database.dataDir)) ?? '';
      expect(mail).toContain(`${PUBLIC_URL}/resetpassword/${resetToken}`);
      expect(mail).not.toContain('evil.example.com');
      expect(resetToken.length).toBeGreaterThanOrEqual(43);
      // Only the hash is stored.
      const stored = await app.db.selectFrom('password_resets').selectAll().where('token_hash', '=', sha256Hex(resetToken)).executeTakeFirst();
      expect(stored).toBeDefined();

      const mismatch = await reset(resetToken, { password: 'newsecret1', password2: 'different' });
      expect(mismatch.json()).toEqual({ message: MESSAGES.passwordsDoNotMatch });
      const short = await reset(resetToken, { password: '123', password2: '123' });
      expect(short.json()).toEqual({ message: MESSAGES.passwordTooShort });

      const ok = await reset(resetToken, { password: 'newsecret1', password2: 'newsecret1' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: MESSAGES.passwordReset });
      expect(await loggedIn(session)).toBe(false);
      expect(await loggedIn(other)).toBe(false);
      expect((await login(body.email, body.password)).statusCode).toBe(401);
      expect((await login(body.email, 'newsecret1')).statusCode).toBe(200);

      const second = await reset(resetToken, { password: 'another1', password2: 'another1' });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toEqual({ message: MESSAGES.resetTokenInvalid });
    });

    it('refuses an expired token, an unknown token and a superseded one', async () => {
      const { body } = await register(app);
      const first = await requestReset(body.email);
      const latest = await requestReset(body.email);
      const superseded = await reset(first, { password: 'newsecret1', password2: 'newsecret1' });
      expect(superseded.statusCode).toBe(400);
      expect(superseded.json()).toEqual({ message: MESSAGES.resetTokenInvalid });

      await app.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', sha256Hex(latest))
        .execute();
      const expired = await reset(latest, { password: 'newsecret1', password2: 'newsecret1' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ message: MESSAGES.resetTokenInvalid });

      const unknown = await reset('made-up-token', { password: 'newsecret1', password2: 'newsecret1' });
      expect(unknown.json()).toEqual({ message: MESSAGES.resetTokenInvalid });
      const tooLong = await reset('x'.repeat(LIMITS.resetToken + 1), { password: 'newsecret1', password2: 'newsecret1' });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ message: MESSAGES.resetTokenInvalid });
      expect((await login(body.email, body.password)).statusCode).toBe(200);
    });
  });
});
