/**
 * Real parts for the contact tests: a Netlify Blobs server on loopback with a temporary folder,
 * and an SMTP server on loopback that records what it receives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore } from '@netlify/blobs';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { blobsMessageStore, contactStoreName, type MessageStore } from '../../../src/lib/contact/store';

export async function startBlobs(): Promise<{ store: MessageStore; stop: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'contact-blobs-'));
  const token = 'test-token';
  const server = new BlobsServer({ directory, token, port: 0 });
  const { port } = await server.start();
  const blobs = getStore({ name: contactStoreName, siteID: 'test-site', token, apiURL: `http://localhost:${port}`, consistency: 'strong' });
  return {
    store: blobsMessageStore(blobs),
    stop: async () => {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface Inbox {
  url: string;
  port: number;
  received: ParsedMail[];
  stop: () => Promise<void>;
}

export async function startSmtp(port = 0): Promise<Inbox> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port with nothing listening: connections to it are refused at once. */
export async function closedPort(): Promise<number> {
  const inbox = await startSmtp();
  await inbox.stop();
  return inbox.port;
}

export const origin = 'https://www.example.com';

export function post(body: unknown, init: { type?: string; origin?: string | null; raw?: string } = {}): Request {
  const headers: Record<string, string> = { 'content-type': init.type ?? 'application/json' };
  if (init.origin !== null) headers.origin = init.origin ?? origin;
  return new Request(`${origin}/api/send-contact-email`, {
    method: 'POST',
    headers,
    body: init.raw ?? (typeof body === 'string' ? body : JSON.stringify(body)),
  });
}

export const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  company: 'Analytical Looms',
  message: 'We need a durable lavender finish for 30,000 m of cotton jersey.',
};
