import type { FastifyInstance, InjectOptions } from 'fastify';
import { cookieHeader, flushMail, latestMail, RESET_LINK } from './app';

/** Small JSON-call helpers shared by the security suites. */
export function client(app: FastifyInstance) {
  const call = (
    method: InjectOptions['method'],
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    app.inject({
      method,
      url,
      headers: { ...cookieHeader(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });
  return {
    call,
    login: (email: string, password: string, options: { token?: string; from?: string; headers?: Record<string, string> } = {}) =>
      call('POST', '/api/users/login', options.token, { email, password }, options.headers, options.from),
    /** Ask for a reset, then let the mail the server writes after answering go out. */
    forgot: async (email: string, from?: string) => {
      const response = await call('POST', '/api/users/forgotpassword', undefined, { email }, {}, from);
      await flushMail(app);
      return response;
    },
    reset: (token: string, password: string, from?: string) =>
      call('PUT', `/api/users/resetpassword/${token}`, undefined, { password, password2: password }, {}, from),
    getUser: (token: string | undefined) => call('GET', '/api/users/getuser', token),
  };
}

/** The reset token of the newest mail in the data folder. */
export async function mailedResetToken(dataDir: string): Promise<string> {
  const mail = await latestMail(dataDir);
  const token = mail?.match(RESET_LINK)?.[1];
  if (!token) throw new Error('no reset link mailed');
  return token;
}
