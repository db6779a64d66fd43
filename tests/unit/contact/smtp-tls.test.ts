/**
 * Over smtp:// the mailer insists on STARTTLS, so a server that does not offer it (or a network
 * that strips the offer) receives nothing in plain text; the message stays pending instead. The
 * suite's SMTP server offers no STARTTLS; it is reached under a remote server's name through a
 * socket handed to nodemailer, so nothing leaves this machine.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { handleContactSubmission } from '../../../src/contact/handler';
import { smtpMailer } from '../../../src/contact/mail';
import { post, useContactServers, valid } from './harness';

const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };
const servers = useContactServers();

/** nodemailer's getSocket: a connection to the local server, whatever host the URL names. */
const toLocalServer = (
  _options: unknown,
  callback: (error: Error | null, socket?: { connection: ReturnType<typeof connect> }) => void,
) => {
  const socket = connect(servers.inbox.port, '127.0.0.1', () => callback(null, { connection: socket }));
  socket.once('error', (error) => callback(error));
};

async function submit(url: string, viaLocalSocket = false) {
  const mailer = smtpMailer(url, viaLocalSocket ? { getSocket: toLocalServer } : {});
  const response = await handleContactSubmission(post(valid), {
    store: servers.blobs.store,
    mail: { mailer, settings },
    log: () => {},
  });
  expect(response.status).toBe(200);
  const [record] = await servers.blobs.store.list();
  return record!;
}

describe('SMTP without TLS', () => {
  for (const url of [
    'smtp://mail.example.com:587',
    'smtp://user:secret@mail.example.com:25',
    'SMTP://mail.example.com',
  ]) {
    it(`is refused for a remote server (${url}): nothing is sent and the message stays pending`, async () => {
      const record = await submit(url, true);
      expect(record).toMatchObject({ status: 'pending', attempts: 1 });
      expect(record.lastError).toMatch(/STARTTLS/);
      expect(servers.inbox.received).toEqual([]);
    });
  }

  for (const host of ['127.0.0.1', 'localhost', 'LOCALHOST']) {
    it(`is allowed for a server on this machine (${host}), whose traffic never leaves it`, async () => {
      const record = await submit(`smtp://${host}:${servers.inbox.port}`);
      expect(record).toMatchObject({ status: 'sent', attempts: 1 });
      expect(servers.inbox.received).toHaveLength(1);
    });
  }

  it('is allowed through the local socket too when the URL names this machine, so the socket is not what refuses', async () => {
    const record = await submit(`smtp://127.0.0.1:${servers.inbox.port}`, true);
    expect(record).toMatchObject({ status: 'sent' });
    expect(servers.inbox.received).toHaveLength(1);
  });
});
