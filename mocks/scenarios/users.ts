import { isDefaultAvatar, MESSAGES, SESSION_COOKIE_NAME, type User } from '@inventory/contract';
import { expect } from 'vitest';
import { parseSetCookie, raw, type ScenarioClient, type ScenarioResponse } from './client';
import { PNG_SIGNATURE, startsWithBytes } from './support';
import type { Scenario } from './types';

const USERS = '/api/users';

/** A fresh address per run, so the scenarios also pass against a server database that outlives the run. */
export function uniqueEmail(tag: string): string {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${tag}.${stamp}@example.com`;
}

/** The reset token in a link or mail text: the segment after `/resetpassword/`. */
export function resetTokenFromLink(link: string): string {
  const match = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(link);
  if (!match?.[1]) throw new Error(`No /resetpassword/<token> in: ${link}`);
  return match[1];
}

function expectUser(body: unknown, expected: Partial<User>): User {
  expect(body).toEqual({
    _id: expect.any(String),
    name: expect.any(String),
    email: expect.any(String),
    phone: expect.any(String),
    bio: expect.any(String),
    photo: expect.any(String),
    ...expected,
  });
  const user = body as User;
  expect(user._id).not.toBe('');
  return user;
}

/** The photo of a user who has none: the default avatar, absolute. */
function expectDefaultAvatar(photo: string): void {
  expect(photo).toMatch(/^https?:\/\//);
  expect(isDefaultAvatar(photo)).toBe(true);
}

export function expectMessage(response: ScenarioResponse, status: number, message: string): void {
  expect({ status: response.status, body: response.body }).toEqual({ status, body: { message } });
}

function sessionSetCookie(response: ScenarioResponse) {
  const lines = response.setCookies.map(parseSetCookie).filter((c) => c.name === SESSION_COOKIE_NAME);
  return lines.at(-1);
}

function expectNoSessionCookieSet(response: ScenarioResponse): void {
  const cookie = sessionSetCookie(response);
  if (cookie) expect(cookie.expired || cookie.value === '').toBe(true);
}

/** Registers a fresh user (unique email) on `client`, which is then signed in as them. */
export async function register(client: ScenarioClient, tag: string, password = 'secret123') {
  const email = uniqueEmail(tag);
  const name = `${tag[0]?.toUpperCase() ?? ''}${tag.slice(1)} Tester`;
  const response = await client.post(`${USERS}/register`, { name, email, password });
  expect(response.status).toBe(201);
  return { email, name, password, user: expectUser(response.body, { name, email }) };
}

async function expectSignedIn(client: ScenarioClient, signedIn: boolean): Promise<void> {
  const loggedin = await client.get(`${USERS}/loggedin`);
  expect({ status: loggedin.status, body: loggedin.body }).toEqual({ status: 200, body: signedIn });
  const getuser = await client.get(`${USERS}/getuser`);
  if (signedIn) expect(getuser.status).toBe(200);
  else expectMessage(getuser, 401, MESSAGES.notAuthorized);
}

export const userScenarios: Scenario[] = [
  {
    name: 'register answers 201 with the user and sets the session cookie',
    async run(client) {
      const email = uniqueEmail('Ada');
      const response = await client.post(`${USERS}/register`, { name: 'Ada Lovelace', email, password: 'secret123' });
      expect(response.status).toBe(201);
      const user = expectUser(response.body, {
        name: 'Ada Lovelace',
        email: email.toLowerCase(),
        phone: '',
        bio: '',
      });
      expectDefaultAvatar(user.photo);
      const avatar = await client.get(user.photo, { headers: { accept: 'image/*' } });
      expect({ status: avatar.status, type: avatar.headers.get('content-type') }).toEqual({ status: 200, type: 'image/png' });
      expect(startsWithBytes(avatar.bytes, PNG_SIGNATURE)).toBe(true);
      expect(response.body).not.toHaveProperty('password');

      const cookie = sessionSetCookie(response);
      expect(cookie?.value).toBeTruthy();
      expect(cookie?.attributes).toHaveProperty('httponly');
      expect(cookie?.attributes['samesite']?.toLowerCase()).toBe('lax');
      expect(cookie?.attributes['path']).toBe('/');

      await expectSignedIn(client, true);
      expect((await client.get(`${USERS}/getuser`)).body).toEqual(user);
    },
  },
  {
    name: 'register refuses an email already registered with 409, whatever its case',
    async run(client) {
      const { email } = await register(client, 'bob');
      const other = client.newSession();
      const again = await other.post(`${USERS}/register`, { name: 'Bob Again', email, password: 'secret123' });
      expectMessage(again, 409, MESSAGES.emailTaken);
      expectNoSessionCookieSet(again);
      const upper = await other.post(`${USERS}/register`, {
        name: 'Bob Upper',
        email: email.toUpperCase(),
        password: 'secret123',
      });
      expectMessage(upper, 409, MESSAGES.emailTaken);
      await expectSignedIn(other, false);
    },
  },
  {
    name: "register validates with the contract's messages, and sets no cookie on a 400",
    async run(client) {
      const email = uniqueEmail('carol');
      const cases: Array<[unknown, string]> = [
        [{}, MESSAGES.allFieldsRequired],
        [{ email, password: 'secret123' }, MESSAGES.allFieldsRequired],
        [{ name: '   ', email, password: 'secret123' }, MESSAGES.allFieldsRequired],
        [{ name: 'Carol', password: 'secret123' }, MESSAGES.allFieldsRequired],
        [{ name: 'Carol', email }, MESSAGES.allFieldsRequired],
        [{ name: 'Carol', email, password: '' }, MESSAGES.allFieldsRequired],
        [{ name: 'Carol', email, password: '12345' }, MESSAGES.passwordTooShort],
        [{ name: 'Carol', email: 'carol@example', password: 'secret123' }, MESSAGES.invalidEmail],
        [{ name: 'Carol', email: 'carol.example.com', password: 'secret123' }, MESSAGES.invalidEmail],
        [{ name: 'Carol', email, password: 'secret123', role: 'admin' }, 'Unexpected field: role'],
      ];
      for (const [body, message] of cases) {
        const response = await client.post(`${USERS}/register`, body);
        expect({ body, status: response.status, answer: response.body }).toEqual({
          body,
          status: 400,
          answer: { message },
        });
        expectNoSessionCookieSet(response);
      }
      const notObject = await client.post(`${USERS}/register`, ['Carol', email, 'secret123']);
      expect(notObject.status).toBe(400);
      expect(notObject.body).toEqual({ message: expect.any(String) });
      await expectSignedIn(client, false);
    },
  },
  {
    name: 'malformed JSON answers 400',
    async run(client) {
      for (const path of ['/register', '/login', '/forgotpassword']) {
        const response = await client.post(`${USERS}${path}`, raw('{"email": "x@example.com",'));
        expectMessage(response, 400, MESSAGES.malformedJson);
      }
    },
  },
  {
    name: 'login: wrong password and unknown email get the same 401 and no cookie; the right password signs in',
    async run(client) {
      const { email, password, user } = await register(client.newSession(), 'dave');

      const wrong = await client.post(`${USERS}/login`, { email, password: 'not-the-password' });
      expectMessage(wrong, 401, MESSAGES.invalidCredentials);
      expectNoSessionCookieSet(wrong);
      const unknown = await client.post(`${USERS}/login`, { email: uniqueEmail('nobody'), password });
      expectMessage(unknown, 401, MESSAGES.invalidCredentials);
      expectNoSessionCookieSet(unknown);
      await expectSignedIn(client, false);

      expectMessage(await client.post(`${USERS}/login`, { email, password: '' }), 400, MESSAGES.allFieldsRequired);
      expectMessage(await client.post(`${USERS}/login`, { password }), 400, MESSAGES.allFieldsRequired);
      expectMessage(await client.post(`${USERS}/login`, { email: 'dave@', password }), 400, MESSAGES.invalidEmail);
      expectMessage(
        await client.post(`${USERS}/login`, { email, password, remember: true }),
        400,
        'Unexpected field: remember',
      );

      const ok = await client.post(`${USERS}/login`, { email: email.toUpperCase(), password });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual(user);
      expect(sessionSetCookie(ok)?.value).toBeTruthy();
      await expectSignedIn(client, true);
    },
  },
  {
    name: 'loggedin is a bare boolean and getuser is 401 when signed out',
    async run(client) {
      const loggedin = await client.get(`${USERS}/loggedin`);
      expect(loggedin.status).toBe(200);
      expect(loggedin.body).toBe(false);
      expectMessage(await client.get(`${USERS}/getuser`), 401, MESSAGES.notAuthorized);
      const { user } = await register(client, 'erin');
      expect((await client.get(`${USERS}/loggedin`)).body).toBe(true);
      expect((await client.get(`${USERS}/getuser`)).body).toEqual(user);
    },
  },
  {
    name: 'logout answers 200, clears the cookie and ends the session on the server',
    async run(client) {
      await register(client, 'frank');
      const token = client.cookie(SESSION_COOKIE_NAME);
      expect(token).toBeTruthy();

      const response = await client.get(`${USERS}/logout`);
      expectMessage(response, 200, MESSAGES.loggedOut);
      const cleared = sessionSetCookie(response);
      expect(cleared && (cleared.expired || cleared.value === '')).toBe(true);
      expect(client.cookie(SESSION_COOKIE_NAME)).toBeUndefined();
      await expectSignedIn(client, false);

      // The old session id no longer works anywhere.
      const replay = client.newSession();
      replay.setCookie(SESSION_COOKIE_NAME, token ?? '');
      await expectSignedIn(replay, false);
      // Logging out again, signed out, still answers 200.
      expectMessage(await client.get(`${USERS}/logout`), 200, MESSAGES.loggedOut);
    },
  },
  {
    name: 'updateuser changes name, phone, bio and photo, ignores _id and email sent back, refuses others, and checks the photo',
    async run(client) {
      const signedOut = client.newSession();
      expectMessage(await signedOut.patch(`${USERS}/updateuser`, { name: 'X' }), 401, MESSAGES.notAuthorized);

      const { email, user } = await register(client, 'grace');
      const changes = {
        name: 'Grace Hopper',
        phone: '+1 555 0199',
        bio: 'Compilers.',
        photo: 'https://images.example.com/grace.png',
      };
      const updated = await client.patch(`${USERS}/updateuser`, changes);
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ ...user, ...changes, email });
      expect((await client.get(`${USERS}/getuser`)).body).toEqual({ ...user, ...changes, email });

      const partial = await client.patch(`${USERS}/updateuser`, { bio: 'Navy.' });
      expect(partial.status).toBe(200);
      expect(partial.body).toEqual({ ...user, ...changes, bio: 'Navy.', email });

      const cleared = await client.patch(`${USERS}/updateuser`, { photo: '' });
      expect(cleared.status).toBe(200);
      expectDefaultAvatar((cleared.body as User).photo);
      // The default avatar sent back keeps "no photo".
      const echoedAvatar = await client.patch(`${USERS}/updateuser`, { photo: (cleared.body as User).photo });
      expect(echoedAvatar.body).toEqual(cleared.body);
      // An `/uploads/` path must be this user's own upload (see the uploads scenarios); this one is nobody's.
      for (const photo of [
        '/uploads/grace.png',
        'javascript:alert(1)',
        'ftp://example.com/a.png',
        'data:image/png;base64,AAAA',
        'grace.png',
      ]) {
        expectMessage(await client.patch(`${USERS}/updateuser`, { photo }), 400, MESSAGES.photoMustBeHttp);
      }

      // The user sent back whole, as a client that saves what it fetched does: _id and email change nothing.
      const whole = await client.patch(`${USERS}/updateuser`, { ...(cleared.body as User), _id: 'someone-else', email: 'new@example.com' });
      expect(whole.status).toBe(200);
      expect(whole.body).toEqual(cleared.body);
      for (const key of ['password', 'role', 'createdAt']) {
        expectMessage(await client.patch(`${USERS}/updateuser`, { [key]: 'x' }), 400, `Unexpected field: ${key}`);
      }
      expectMessage(await client.patch(`${USERS}/updateuser`, { name: '  ' }), 400, MESSAGES.nameRequired);
      expectMessage(await client.patch(`${USERS}/updateuser`, raw('{"name":')), 400, MESSAGES.malformedJson);
      expect(((await client.get(`${USERS}/getuser`)).body as User).email).toBe(email);
    },
  },
  {
    name: 'changepassword checks the old password, keeps this session and ends the others',
    async run(client) {
      expectMessage(
        await client
          .newSession()
          .patch(`${USERS}/changepassword`, { oldPassword: 'secret123', password: 'newsecret1' }),
        401,
        MESSAGES.notAuthorized,
      );
      const { email, password } = await register(client, 'heidi');
      const otherDevice = client.newSession();
      expect((await otherDevice.post(`${USERS}/login`, { email, password })).status).toBe(200);

      expectMessage(
        await client.patch(`${USERS}/changepassword`, { oldPassword: 'wrong-one', password: 'newsecret1' }),
        400,
        MESSAGES.wrongOldPassword,
      );
      expectMessage(
        await client.patch(`${USERS}/changepassword`, { oldPassword: password, password: '12345' }),
        400,
        MESSAGES.passwordTooShort,
      );
      expectMessage(
        await client.patch(`${USERS}/changepassword`, { password: 'newsecret1' }),
        400,
        MESSAGES.allFieldsRequired,
      );
      await expectSignedIn(otherDevice, true);

      expectMessage(
        await client.patch(`${USERS}/changepassword`, { oldPassword: password, password: 'newsecret1' }),
        200,
        MESSAGES.passwordChanged,
      );
      await expectSignedIn(client, true);
      await expectSignedIn(otherDevice, false);
      // The original API answers the message as plain text: so it does to any Accept but JSON alone (axios's default).
      const asText = await client.patch(
        `${USERS}/changepassword`,
        { oldPassword: 'newsecret1', password: 'newsecret1' },
        { headers: { accept: 'application/json, text/plain, */*' } },
      );
      expect({ status: asText.status, type: asText.headers.get('content-type'), body: asText.body }).toEqual({
        status: 200,
        type: 'text/plain; charset=utf-8',
        body: MESSAGES.passwordChanged,
      });

      const fresh = client.newSession();
      expectMessage(await fresh.post(`${USERS}/login`, { email, password }), 401, MESSAGES.invalidCredentials);
      expect((await fresh.post(`${USERS}/login`, { email, password: 'newsecret1' })).status).toBe(200);
    },
  },
  {
    name: 'forgotpassword validates, then answers the same for a registered and an unknown email',
    async run(client, ctx) {
      expectMessage(await client.post(`${USERS}/forgotpassword`, {}), 400, MESSAGES.emailRequired);
      expectMessage(await client.post(`${USERS}/forgotpassword`, { email: '  ' }), 400, MESSAGES.emailRequired);
      expectMessage(await client.post(`${USERS}/forgotpassword`, { email: 'ivan@' }), 400, MESSAGES.invalidEmail);

      const { email } = await register(client.newSession(), 'ivan');
      const known = await client.post(`${USERS}/forgotpassword`, { email });
      const unknown = await client.post(`${USERS}/forgotpassword`, { email: uniqueEmail('nobody') });
      expectMessage(known, 200, MESSAGES.resetEmailSent);
      expectMessage(unknown, 200, MESSAGES.resetEmailSent);
      expect(resetTokenFromLink(await ctx.readResetLink(email))).toBeTruthy();
    },
  },
  {
    name: 'resetpassword with the mailed link sets the new password once and ends every session',
    async run(client, ctx) {
      const { email, password } = await register(client, 'judy');
      expectMessage(
        await client.post(`${USERS}/forgotpassword`, { email: email.toUpperCase() }),
        200,
        MESSAGES.resetEmailSent,
      );
      const token = resetTokenFromLink(await ctx.readResetLink(email));
      const url = `${USERS}/resetpassword/${token}`;

      // Bad input does not use up the link.
      expectMessage(await client.put(url, { password: '12345', password2: '12345' }), 400, MESSAGES.passwordTooShort);
      expectMessage(
        await client.put(url, { password: 'newsecret1', password2: 'newsecret2' }),
        400,
        MESSAGES.passwordsDoNotMatch,
      );
      expectMessage(await client.put(url, raw('{"password":')), 400, MESSAGES.malformedJson);

      const reset = await client.newSession().put(url, { password: 'newsecret1', password2: 'newsecret1' });
      expectMessage(reset, 200, MESSAGES.passwordReset);
      await expectSignedIn(client, false);

      const again = await client.newSession().put(url, { password: 'another1', password2: 'another1' });
      expectMessage(again, 400, MESSAGES.resetTokenInvalid);

      const fresh = client.newSession();
      expectMessage(await fresh.post(`${USERS}/login`, { email, password }), 401, MESSAGES.invalidCredentials);
      expect((await fresh.post(`${USERS}/login`, { email, password: 'newsecret1' })).status).toBe(200);
      await expectSignedIn(fresh, true);
    },
  },
  {
    name: 'resetpassword refuses an unknown token',
    async run(client) {
      const bogus = 'a'.repeat(64);
      expectMessage(
        await client.put(`${USERS}/resetpassword/${bogus}`, { password: 'newsecret1', password2: 'newsecret1' }),
        400,
        MESSAGES.resetTokenInvalid,
      );
      expectMessage(
        await client.put(`${USERS}/resetpassword/${'b'.repeat(500)}`, {
          password: 'newsecret1',
          password2: 'newsecret1',
        }),
        400,
        MESSAGES.resetTokenInvalid,
      );
    },
  },
  {
    name: 'unknown /api paths answer 404 JSON',
    async run(client) {
      expectMessage(await client.get('/api/nothing-here'), 404, MESSAGES.notFound);
      expectMessage(await client.get(`${USERS}/nothing-here`), 404, MESSAGES.notFound);
      expectMessage(await client.post(`${USERS}/nothing-here`, {}), 404, MESSAGES.notFound);
    },
  },
  {
    name: "register: on two failures at once, the first in the form's order wins",
    async run(client) {
      expectMessage(
        await client.post(`${USERS}/register`, { name: 'Kim', email: 'kim@' }),
        400,
        MESSAGES.allFieldsRequired,
      );
      expectMessage(
        await client.post(`${USERS}/register`, { name: 'Kim', email: 'kim@', password: '123' }),
        400,
        MESSAGES.passwordTooShort,
      );
      expectMessage(await client.post(`${USERS}/login`, { email: 'kim@' }), 400, MESSAGES.allFieldsRequired);
    },
  },
];
