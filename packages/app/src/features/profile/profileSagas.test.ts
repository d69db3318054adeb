import { IMAGE_MAX_BYTES, MESSAGES, type User } from '@inventory/contract';
import { demoUser, mockDb, serverError } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import {
  editProfileOpened,
  passwordChangeRequested,
  profileRequested,
  profileSaveRequested,
  type ProfileSaveRequest,
} from './profileSlice';

setupMockApi();

/** Every request the app makes, as 'METHOD /path'. */
let requests: string[] = [];
const record = ({ request }: { request: Request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
};

beforeEach(() => {
  requests = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

async function signedIn(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested({ email: demoUser.email, password: demoUser.password }));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  app.navigate.mockClear();
  requests = [];
  return app;
}

/** A PNG's first bytes: enough for the declared type; the mocks and server check the bytes of real uploads. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngFile = () => new File([PNG_BYTES], 'me.png', { type: 'image/png' });

function saveRequest(user: User, changes: Partial<ProfileSaveRequest> = {}): ProfileSaveRequest {
  return { name: user.name, phone: user.phone, bio: user.bio, photo: user.photo, photoFile: null, ...changes };
}

const user = (app: TestApp) => app.store.getState().auth.user;
const profile = (app: TestApp) => app.store.getState().profile;

describe('profile (getuser)', () => {
  it('loads the user', async () => {
    const app = await signedIn();
    app.store.dispatch(profileRequested());
    expect(profile(app).load).toBe('loading');
    await vi.waitFor(() => expect(profile(app).load).toBe('loaded'));
    expect(user(app)).toMatchObject({ name: demoUser.name, email: demoUser.email, phone: demoUser.phone });
    expect(requests).toEqual(['GET /api/users/getuser']);
  });

  it('a failed load is the error state, with the error toast', async () => {
    const app = await signedIn();
    server.use(serverError('/api/users/getuser'));
    app.store.dispatch(profileRequested());
    await app.toastShown(MESSAGES.internalError, 'error');
    expect(profile(app).load).toBe('failed');
  });

  it('a 401 is the session-expired flow', async () => {
    const app = createTestApp();
    app.store.dispatch(profileRequested());
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    expect(profile(app).load).toBe('failed');
    expect(app.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('edit profile opened', () => {
  it('with a user held: no call', async () => {
    const app = await signedIn();
    app.store.dispatch(editProfileOpened());
    await Promise.resolve();
    expect(requests).toEqual([]);
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('without one: loads the user and stays', async () => {
    const app = await signedIn();
    // A reload: the session cookie lives on, the store starts empty.
    const fresh = createTestApp();
    fresh.store.dispatch(editProfileOpened());
    await vi.waitFor(() => expect(user(fresh)?.email).toBe(demoUser.email));
    expect(fresh.navigate).not.toHaveBeenCalled();
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('goes to /profile when no user can be had', async () => {
    await signedIn();
    server.use(serverError('/api/users/getuser'));
    const fresh = createTestApp();
    fresh.store.dispatch(editProfileOpened());
    await vi.waitFor(() => expect(fresh.navigate).toHaveBeenCalledWith('/profile', { replace: true }));
  });

  it('leaves a dead session to the session-expired flow', async () => {
    const app = createTestApp();
    app.store.dispatch(editProfileOpened());
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    expect(app.navigate.mock.calls).toEqual([['/login', { replace: true }]]);
  });
});

describe('save profile (updateuser)', () => {
  it('without a new photo: saves the fields and the held photo, toasts, goes to /profile', async () => {
    const app = await signedIn();
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH')
        void request
          .clone()
          .json()
          .then((body) => bodies.push(body));
    });
    // The held photo: the demo upload, as the API answers it (absolute on its origin).
    const held = user(app)!.photo;
    expect(held).toBe(`${mockDb.publicUrl}${demoUser.photo}`);
    app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { name: '  Jane Q. Doe ', bio: 'Stock lead.' })));
    expect(profile(app).saving).toBe(true);
    await app.toastShown(MESSAGES.profileUpdated, 'success');
    server.events.removeAllListeners('request:start');
    expect(requests).toEqual(['PATCH /api/users/updateuser']);
    expect(bodies).toEqual([{ name: 'Jane Q. Doe', phone: demoUser.phone, bio: 'Stock lead.', photo: held }]);
    expect(user(app)).toMatchObject({ name: 'Jane Q. Doe', bio: 'Stock lead.', photo: held });
    expect(app.store.getState().auth.name).toBe('Jane Q. Doe');
    expect(app.navigate).toHaveBeenCalledWith('/profile', undefined);
    expect(profile(app).saving).toBe(false);
  });

  it('with a new photo: uploads it first, then saves its URL', async () => {
    const app = await signedIn();
    app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { photoFile: pngFile() })));
    await app.toastShown(MESSAGES.profileUpdated, 'success');
    expect(requests).toEqual(['POST /api/uploads', 'PATCH /api/users/updateuser']);
    expect(user(app)?.photo).toMatch(new RegExp(`^${mockDb.publicUrl}/uploads/.+`));
    expect(user(app)?.photo).not.toBe(`${mockDb.publicUrl}${demoUser.photo}`);
    expect(app.navigate).toHaveBeenCalledWith('/profile', undefined);
  });

  it('a photo of another type sends nothing and saves nothing', async () => {
    const app = await signedIn();
    const gif = new File(['GIF89a'], 'me.gif', { type: 'image/gif' });
    app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { name: 'Changed', photoFile: gif })));
    await app.toastShown(MESSAGES.imageTypeNotAllowed, 'error');
    expect(requests).toEqual([]);
    expect(user(app)?.name).toBe(demoUser.name);
    expect(profile(app).saving).toBe(false);
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('a photo over the size limit sends nothing', async () => {
    const app = await signedIn();
    const big = new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { photoFile: big })));
    await app.toastShown(MESSAGES.imageTooLarge, 'error');
    expect(requests).toEqual([]);
  });

  it('a failed upload saves nothing and keeps the screen', async () => {
    const app = await signedIn();
    server.use(
      http.post('*/api/uploads', () => HttpResponse.json({ message: MESSAGES.imageUnreadable }, { status: 400 })),
    );
    app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { name: 'Changed', photoFile: pngFile() })));
    await app.toastShown(MESSAGES.imageUnreadable, 'error');
    expect(requests).toEqual(['POST /api/uploads']);
    expect(user(app)?.name).toBe(demoUser.name);
    expect(profile(app).saving).toBe(false);
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('a failed save shows the server message and stays', async () => {
    const app = await signedIn();
    server.use(serverError('/api/users/updateuser'));
    app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { name: 'Changed' })));
    await app.toastShown(MESSAGES.internalError, 'error');
    expect(user(app)?.name).toBe(demoUser.name);
    expect(profile(app).saving).toBe(false);
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('an empty name is refused before the call', async () => {
    const app = await signedIn();
    app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { name: '  ' })));
    await app.fieldErrorShown('profile', 'name', MESSAGES.nameRequired);
    expect(requests).toEqual([]);
  });

  it('a name of only invisible characters, or one with text-direction controls, is refused before the call', async () => {
    const app = await signedIn();
    app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { name: '\u200B\u2060' })));
    await app.fieldErrorShown('profile', 'name', MESSAGES.nameRequired);
    app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { name: 'Ada \u202Egnol' })));
    await app.fieldErrorShown('profile', 'name', MESSAGES.directionControls('Name'));
    expect(requests).toEqual([]);
  });

  describe('with an image host configured', () => {
    const HOST = 'https://images.example/v1_1/demo/image/upload';
    afterEach(() => vi.unstubAllEnvs());

    it('uploads there with the preset and saves its secure_url', async () => {
      vi.stubEnv('VITE_IMAGE_HOST_URL', HOST);
      vi.stubEnv('VITE_IMAGE_HOST_PRESET', 'inventory_unsigned');
      const sent: Array<{ preset: unknown; file: unknown }> = [];
      server.use(
        http.post(HOST, async ({ request }) => {
          const form = await request.formData();
          sent.push({
            preset: form.get('upload_preset'),
            file: form.get('file'),
          });
          return HttpResponse.json({
            secure_url: 'https://images.example/demo/me.png',
            url: 'http://images.example/demo/me.png',
          });
        }),
      );
      const app = await signedIn();
      app.store.dispatch(profileSaveRequested(saveRequest(user(app)!, { photoFile: pngFile() })));
      await app.toastShown(MESSAGES.profileUpdated, 'success');
      expect(requests).toEqual(['POST /v1_1/demo/image/upload', 'PATCH /api/users/updateuser']);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.preset).toBe('inventory_unsigned');
      expect(sent[0]?.file).toBeInstanceOf(File);
      expect(user(app)?.photo).toBe('https://images.example/demo/me.png');
    });
  });
});

describe('change password', () => {
  const form = { oldPassword: demoUser.password, password: 'brand-new1', password2: 'brand-new1' };

  it('mismatched new passwords: under the confirmation, no call', async () => {
    const app = await signedIn();
    app.store.dispatch(passwordChangeRequested({ ...form, password2: 'brand-new2' }));
    await app.fieldErrorShown('changePassword', 'password2', MESSAGES.newPasswordsDoNotMatch);
    expect(requests).toEqual([]);
    expect(profile(app).changingPassword).toBe(false);
  });

  it('a wrong old password shows the server message and stays', async () => {
    const app = await signedIn();
    app.store.dispatch(passwordChangeRequested({ ...form, oldPassword: 'not-my-password' }));
    expect(profile(app).changingPassword).toBe(true);
    await app.fieldErrorShown('changePassword', 'oldPassword', MESSAGES.wrongOldPassword);
    expect(requests).toEqual(['PATCH /api/users/changepassword']);
    expect(profile(app).changingPassword).toBe(false);
    expect(app.navigate).not.toHaveBeenCalled();
  });

  it('success: the server message, /profile; the new password signs in', async () => {
    const app = await signedIn();
    app.store.dispatch(passwordChangeRequested(form));
    await app.toastShown(MESSAGES.passwordChanged, 'success');
    expect(app.navigate).toHaveBeenCalledWith('/profile', undefined);
    expect(profile(app).changingPassword).toBe(false);

    const next = createTestApp();
    next.store.dispatch(loginRequested({ email: demoUser.email, password: 'brand-new1' }));
    await next.toastShown(MESSAGES.loggedIn, 'success');
  });
});
