import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../src/mail';
import { describeSendError, isPermanentSendError } from '../src/mail/send-error';

/**
 * A minimal SMTP server on 127.0.0.1 that answers RCPT TO with `rcptReply` and keeps what it accepts: enough for
 * nodemailer's plain (no TLS, no auth) exchange.
 */
async function smtpServer(rcptReply: string): Promise<{ server: Server; url: string; accepted: string[] }> {
  const accepted: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let data: string | null = null;
    socket.on('error', () => undefined);
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            accepted.push(data);
            data = null;
            socket.write('250 2.0.0 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 test\r\n');
        else if (command === 'MAIL') socket.write('250 2.1.0 ok\r\n');
        else if (command === 'RCPT') socket.write(`${rcptReply}\r\n`);
        else if (command === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (command === 'RSET') socket.write('250 ok\r\n');
        else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 5.5.2 unknown\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `smtp://127.0.0.1:${port}`, accepted };
}

const MAIL = { to: 'ada@example.com', subject: 'Your invoice', text: 'Attached.' };

describe('the SMTP mailer', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  const mailerFor = async (rcptReply: string) => {
    const smtp = await smtpServer(rcptReply);
    servers.push(smtp.server);
    return { smtp, mailer: createSmtpMailer(smtp.url, 'Inventory <no-reply@example.com>') };
  };

  it('resolves once the server has accepted the mail', async () => {
    const { smtp, mailer } = await mailerFor('250 2.1.5 ok');
    await mailer.send(MAIL);
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.accepted[0]).toMatch(/^Subject: Your invoice$/m);
    await mailer.close?.();
  });

  it('rejects with a permanent failure when the server refuses the recipient for good (550)', async () => {
    const { smtp, mailer } = await mailerFor('550 5.1.1 No such user');
    const error = await mailer.send(MAIL).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).not.toBeNull();
    expect(isPermanentSendError(error)).toBe(true);
    expect(describeSendError(error)).toMatch(/^EENVELOPE 550 .*No such user/);
    expect(smtp.accepted).toEqual([]);
  });

  it('rejects with a failure worth retrying when the refusal is temporary (451) or nobody listens', async () => {
    const { mailer } = await mailerFor('451 4.7.1 Try again later');
    const temporary = await mailer.send(MAIL).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(describeSendError(temporary)).toMatch(/^EENVELOPE 451 .*Try again later/);
    expect(isPermanentSendError(temporary)).toBe(false);

    const closed = await mailerFor('250 ok');
    await new Promise((resolve) => closed.smtp.server.close(resolve));
    servers.pop();
    const unreachable = await closed.mailer.send(MAIL).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(unreachable).not.toBeNull();
    expect(isPermanentSendError(unreachable)).toBe(false);
    expect(describeSendError(unreachable)).toBe(`ESOCKET connect ECONNREFUSED ${new URL(closed.smtp.url).host}`);
  });
});
