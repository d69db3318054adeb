import { MESSAGES } from '@inventory/contract';
import { demoUser, mockDb, serverError } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import { loginRequested } from '../../session/authSlice';
import { contactDetailsRequested, contactRequested } from './contactSlice';

setupMockApi();

let bodies: unknown[] = [];
const record = ({ request }: { request: Request }) => {
  if (request.method === 'POST' && request.url.endsWith('/api/contactus'))
    void request
      .clone()
      .json()
      .then((body) => bodies.push(body));
};

beforeEach(() => {
  bodies = [];
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

async function signedIn(): Promise<TestApp> {
  const app = createTestApp();
  app.store.dispatch(loginRequested({ email: demoUser.email, password: demoUser.password }));
  await app.toastShown(MESSAGES.loggedIn, 'success');
  return app;
}

const contact = (app: TestApp) => app.store.getState().contact;

describe('contact us', () => {
  it('field errors for a blank subject and message, no call', async () => {
    const app = await signedIn();
    app.store.dispatch(contactRequested({ subject: ' ', message: '' }));
    expect(contact(app)).toMatchObject({
      sending: false,
      sentCount: 0,
      errors: { subject: MESSAGES.subjectRequired, message: MESSAGES.messageRequired },
    });
    await Promise.resolve();
    expect(bodies).toEqual([]);
    expect(app.toasts('error')).toEqual([]);
  });

  it('one field error at a time', async () => {
    const app = await signedIn();
    app.store.dispatch(contactRequested({ subject: 'Scanner', message: '' }));
    expect(contact(app).errors).toEqual({ message: MESSAGES.messageRequired });
  });

  it('sends the trimmed message: the answer as a success toast, the form cleared', async () => {
    const app = await signedIn();
    app.store.dispatch(contactRequested({ subject: ' Scanner broken ', message: ' It beeps twice. ' }));
    expect(contact(app).sending).toBe(true);
    await app.toastShown(MESSAGES.contactSent, 'success');
    expect(bodies).toEqual([{ subject: 'Scanner broken', message: 'It beeps twice.' }]);
    expect(contact(app)).toMatchObject({ sending: false, errors: {}, sentCount: 1 });
  });

  it('a failure shows the server message and keeps the form', async () => {
    const app = await signedIn();
    server.use(serverError('/api/contactus'));
    app.store.dispatch(contactRequested({ subject: 'Scanner broken', message: 'It beeps twice.' }));
    await app.toastShown(MESSAGES.internalError, 'error');
    expect(contact(app)).toMatchObject({ sending: false, errors: {}, sentCount: 0 });
  });

  it('a 401 is the session-expired flow', async () => {
    const app = createTestApp();
    app.store.dispatch(contactRequested({ subject: 'Scanner broken', message: 'It beeps twice.' }));
    await app.toastShown(MESSAGES.sessionExpired, 'info');
    expect(contact(app).sending).toBe(false);
  });

  it('loads the operator’s contact details as the server answers them; a failure is the panel’s, not a toast', async () => {
    const app = await signedIn();
    mockDb.contactDetails = { email: 'help@bytebazaar.example', phone: null, address: 'Leeds', social: null };
    app.store.dispatch(contactDetailsRequested());
    expect(contact(app).detailsStatus).toBe('loading');
    await vi.waitFor(() => expect(contact(app).detailsStatus).toBe('loaded'));
    expect(contact(app).details).toEqual({ email: 'help@bytebazaar.example', phone: null, address: 'Leeds', social: null });

    server.use(serverError('/api/contactus', 'get'));
    app.store.dispatch(contactDetailsRequested());
    await vi.waitFor(() => expect(contact(app).detailsStatus).toBe('failed'));
    expect(app.toasts('error')).toEqual([]);
  });
});
