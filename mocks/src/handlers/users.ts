import {
  DEFAULT_AVATAR_PNG_BASE64,
  MESSAGES,
  acceptsJsonOnly,
  changePasswordSchema,
  firstIssueMessage,
  forgotSchema,
  loginSchema,
  registerSchema,
  resetParamsSchema,
  resetSchema,
  updateUserSchema,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { openInvitation } from './stores';
import {
  addMember,
  consumeResetToken,
  createResetToken,
  createSession,
  deleteSession,
  endSessionsOf,
  findUpload,
  findUserByEmail,
  mockDb,
  newUuid,
  createStore,
  personalStoreName,
  notifyMockDbChange,
  toPublicUser,
  userForSession,
  type StoredUser,
} from '../db';
import {
  api,
  clearedSessionCookie,
  errorResponse,
  jsonWithCookie,
  readJsonBody,
  requireUser,
  sessionCookie,
  sessionToken,
} from '../http';
import { fromBase64 } from '../images';
import { isOwnDefaultAvatar, uploadPathOf } from '../urls';

/**
 * The server's photo rule, as what to store: the default avatar (as answered, or its path) and '' are no photo; an
 * upload of this API (relative or absolute) must be this user's and is stored as its path; other http(s) addresses as
 * sent. Null when refused.
 */
function photoToStore(photo: string, userId: string): string | null {
  if (photo === '' || isOwnDefaultAvatar(photo, mockDb.publicUrl)) return '';
  const uploadPath = uploadPathOf(photo, mockDb.publicUrl);
  if (uploadPath !== null) return findUpload(uploadPath)?.ownerId === userId ? uploadPath : null;
  try {
    const url = new URL(photo);
    return url.protocol === 'http:' || url.protocol === 'https:' ? photo : null;
  } catch {
    return null;
  }
}

const DEFAULT_AVATAR = fromBase64(DEFAULT_AVATAR_PNG_BASE64);

function sendResetMail(user: StoredUser, token: string): void {
  const link = `${mockDb.publicUrl}/resetpassword/${token}`;
  const mail = {
    to: user.email,
    subject: 'Password reset request',
    text: `Hello ${user.name},\n\nUse this link to reset your password. It is valid for 30 minutes.\n\n${link}\n`,
    link,
    sentAt: new Date().toISOString(),
  };
  mockDb.outbox.push(mail);
  // Like the server without SMTP, which logs each mail with its link, so `npm run dev:mock` can follow it.
  if (typeof window !== 'undefined') console.info(`[mock mail] to ${mail.to}: ${link}`);
}

/** The user routes of the API, with the server's behaviour. */
export const userHandlers = [
  http.post(api('/users/register'), async ({ request }) => {
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = registerSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const { name, email, password, invitation: link } = parsed.data;
    if (findUserByEmail(email)) return errorResponse(409, MESSAGES.emailTaken);
    const invitation = link === undefined ? undefined : openInvitation(link);
    if (link !== undefined && !invitation) return errorResponse(400, MESSAGES.invitationInvalid);
    if (invitation && invitation.email !== email) return errorResponse(403, MESSAGES.invitationOtherEmail(invitation.email));
    const user: StoredUser = { _id: newUuid(), name, email, phone: '', bio: '', photo: '', password };
    mockDb.users.push(user);
    // Through an invitation link the new user joins its store; else a store of their own, as its owner.
    if (invitation) {
      addMember(invitation.storeId, user._id, invitation.role);
      invitation.state = 'accepted';
      user.lastStoreId = invitation.storeId;
    } else {
      user.lastStoreId = createStore(personalStoreName(name), user._id)._id;
    }
    const token = createSession(user._id);
    notifyMockDbChange();
    return jsonWithCookie(toPublicUser(user), 201, sessionCookie(token));
  }),

  http.post(api('/users/login'), async ({ request }) => {
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = loginSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const user = findUserByEmail(parsed.data.email);
    // Same answer for an unknown email and a wrong password, and no cookie.
    if (!user || user.password !== parsed.data.password) return errorResponse(401, MESSAGES.invalidCredentials);
    const token = createSession(user._id);
    notifyMockDbChange();
    return jsonWithCookie(toPublicUser(user), 200, sessionCookie(token));
  }),

  http.get(api('/users/logout'), ({ cookies }) => {
    deleteSession(sessionToken(cookies));
    mockDb.defaultSession = null;
    notifyMockDbChange();
    return jsonWithCookie({ message: MESSAGES.loggedOut }, 200, clearedSessionCookie());
  }),

  http.get(api('/users/loggedin'), ({ cookies }) => {
    return HttpResponse.json(Boolean(userForSession(sessionToken(cookies))));
  }),

  http.get(api('/users/avatar.png'), () => {
    return new HttpResponse(DEFAULT_AVATAR.slice(), {
      status: 200,
      headers: {
        'Content-Type': 'image/png',
        'Cache-Control': 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  }),

  http.get(api('/users/getuser'), ({ cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    return HttpResponse.json(toPublicUser(auth.user));
  }),

  http.patch(api('/users/updateuser'), async ({ request, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = updateUserSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const changes = parsed.data;
    const photo = changes.photo === undefined ? undefined : photoToStore(changes.photo, auth.user._id);
    if (photo === null) return errorResponse(400, MESSAGES.photoMustBeHttp);
    const user = auth.user;
    if (changes.name !== undefined) user.name = changes.name;
    if (changes.phone !== undefined) user.phone = changes.phone;
    if (changes.bio !== undefined) user.bio = changes.bio;
    if (photo !== undefined) user.photo = photo;
    notifyMockDbChange();
    return HttpResponse.json(toPublicUser(user));
  }),

  http.patch(api('/users/changepassword'), async ({ request, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = changePasswordSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    if (auth.user.password !== parsed.data.oldPassword) return errorResponse(400, MESSAGES.wrongOldPassword);
    auth.user.password = parsed.data.password;
    endSessionsOf(auth.user._id, auth.token);
    notifyMockDbChange();
    // As the server: `{message}` to an Accept of JSON alone, else the original API's plain text.
    if (acceptsJsonOnly(request.headers.get('accept'))) return HttpResponse.json({ message: MESSAGES.passwordChanged });
    return HttpResponse.text(MESSAGES.passwordChanged, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }),

  http.post(api('/users/forgotpassword'), async ({ request }) => {
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = forgotSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const user = findUserByEmail(parsed.data.email);
    if (user) {
      sendResetMail(user, createResetToken(user._id));
      notifyMockDbChange();
    }
    // The same answer whether or not the email is registered.
    return HttpResponse.json({ message: MESSAGES.resetEmailSent });
  }),

  http.put<{ resetToken: string }>(api('/users/resetpassword/:resetToken'), async ({ request, params }) => {
    const paramsParsed = resetParamsSchema.safeParse({ resetToken: params.resetToken });
    if (!paramsParsed.success) return errorResponse(400, MESSAGES.resetTokenInvalid);
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = resetSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const user = consumeResetToken(paramsParsed.data.resetToken);
    if (!user) return errorResponse(400, MESSAGES.resetTokenInvalid);
    user.password = parsed.data.password;
    endSessionsOf(user._id);
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.passwordReset });
  }),
];
