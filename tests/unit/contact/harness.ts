/**
 * Real parts for the contact tests: a Netlify Blobs server on loopback with a temporary folder,
 * and an SMTP server on loopback that records what it receives.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { BlobsServer } from '@netlify/blobs/server';
import { getStore, type Store } from '@netlify/blobs';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { productionStoreName } from '../../../src/contact/deploy-context';
import { blobsMessageStore, type MessageStore } from '../../../src/contact/store';
import { routes } from '../../../src/model/routes';
import type { Mailer } from '../../../src/contact/mail';
import { retryPendingMessages, type RetryDependencies } from '../../../src/contact/deliver';

export interface LocalBlobs {
  /** The message store over a client of the server. */
  store: MessageStore;
  /** Another client of the same server, as a second function instance would have. */
  client: (name?: string) => Store;
  directory: string;
  /** The value of NETLIFY_BLOBS_CONTEXT that points Netlify functions at this server. */
  blobsContext: string;
  /** Blob reads made so far (gets of one key; list calls are not reads). */
  reads: () => number;
  /** From now on every write fails, as when the store cannot be reached; reads still work. */
  breakWrites: () => void;
  /**
   * The next `count` writes (puts, including the client's own retries of a put) are answered
   * with a 500: after the write was made (`land: true`) or without making it. With `count` at
   * Infinity, every write from now on; `answerWrites()` ends it. `when` limits it to the writes
   * whose body it accepts (the JSON written), and `chance` to a random share of them.
   */
  answerWrites500: (options: {
    count?: number;
    land: boolean;
    when?: (body: unknown) => boolean;
    chance?: number;
  }) => void;
  answerWrites: () => void;
  /** Writes answered with a 500 so far. */
  writes500: () => number;
  stop: () => Promise<void>;
}

export async function startBlobs(): Promise<LocalBlobs> {
  const directory = mkdtempSync(join(tmpdir(), 'contact-blobs-'));
  const token = 'test-token';
  const server = new BlobsServer({ directory, token, port: 0 });
  const { port } = await server.start();
  let writesBroken = false;
  let reads = 0;
  // Netlify's service checks a write's condition and makes the write in one step. The local
  // emulation checks, then writes, in separate steps, so two writes racing for one ETag can both
  // land there. Writes are taken in turn here, so the store keeps the service's promise.
  let writes: Promise<unknown> = Promise.resolve();
  let fault:
    { count: number; land: boolean; when?: ((body: unknown) => boolean) | undefined; chance: number } | undefined;
  let answered500 = 0;
  const faulty = (init: RequestInit | undefined) => {
    if (!fault || fault.count <= 0 || (init?.method ?? 'GET').toUpperCase() !== 'PUT') return false;
    if (fault.when) {
      let body: unknown;
      try {
        body = JSON.parse(String(init?.body));
      } catch {
        return false;
      }
      if (!fault.when(body)) return false;
    }
    if (Math.random() >= fault.chance) return false;
    fault.count--;
    answered500++;
    return true;
  };
  const serverError = () => new Response('internal error', { status: 500 });
  const fetchInTurn: typeof globalThis.fetch = (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' || method === 'HEAD') {
      // Edge URLs are /<site>/<store>/<key>; a listing stops at the store.
      if (new URL(String(input)).pathname.split('/').length > 3) reads++;
      return fetch(input, init);
    }
    if (writesBroken) return Promise.reject(new TypeError('fetch failed: the store cannot be reached'));
    const turn = writes.then(async () => {
      if (!faulty(init)) return fetch(input, init);
      if (fault!.land) await fetch(input, init);
      return serverError();
    });
    writes = turn.catch(() => {});
    return turn;
  };
  // The edge form of access, as Netlify's local emulation gives functions (NETLIFY_BLOBS_CONTEXT).
  const client = (name = productionStoreName) =>
    getStore({
      name,
      siteID: 'test-site',
      token,
      edgeURL: `http://localhost:${port}`,
      uncachedEdgeURL: `http://localhost:${port}`,
      consistency: 'strong',
      fetch: fetchInTurn,
    });
  let stopped = false;
  return {
    store: blobsMessageStore(client()),
    client,
    directory,
    blobsContext: Buffer.from(
      JSON.stringify({
        edgeURL: `http://localhost:${port}`,
        uncachedEdgeURL: `http://localhost:${port}`,
        token,
        siteID: 'test-site',
      }),
    ).toString('base64'),
    reads: () => reads,
    breakWrites: () => {
      writesBroken = true;
    },
    answerWrites500: ({ count = Infinity, land, when, chance = 1 }) => {
      fault = { count, land, when, chance };
    },
    answerWrites: () => {
      fault = undefined;
    },
    writes500: () => answered500,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface Inbox {
  url: string;
  port: number;
  received: ParsedMail[];
  /** Messages the server was offered, accepted or not. */
  offered: number;
  /** When set, every message is refused with this SMTP reply (after its data: nodemailer's EMESSAGE). */
  refuse?: { code: number; text: string } | undefined;
  /** When set, the sender (MAIL FROM) is refused with this reply (nodemailer's EENVELOPE). */
  refuseSender?: { code: number; text: string } | undefined;
  /** When set, every recipient (RCPT TO) is refused with this reply (nodemailer's EENVELOPE). */
  refuseRecipient?: { code: number; text: string } | undefined;
  /** When set, runs before a message is accepted (e.g. to hold it back, or to refuse this one). */
  beforeAccept?: ((mail: ParsedMail) => Promise<void>) | undefined;
  stop: () => Promise<void>;
}

/**
 * smtp-server holds every new connection 100 ms before its greeting, to catch clients that talk
 * before it (spam tools); the mailer waits for the greeting, as every SMTP client must. The tests
 * open hundreds of connections, so the inboxes here greet at once. Other servers keep the wait.
 */
const greetAtOnce = new WeakSet<object>();
const initConnection = SMTPConnection.prototype.init;
SMTPConnection.prototype.init = function (this: SMTPConnection) {
  if (!greetAtOnce.has(this._server)) return initConnection.call(this);
  this._setListeners(() => this.connectionReady());
};

export async function startSmtp(port = 0): Promise<Inbox> {
  const received: ParsedMail[] = [];
  const receive = async (stream: SMTPServerDataStream) => {
    inbox.offered++;
    const mail = await simpleParser(stream);
    await inbox.beforeAccept?.(mail);
    if (inbox.refuse) throw Object.assign(new Error(inbox.refuse.text), { responseCode: inbox.refuse.code });
    received.push(mail);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      const refusal = inbox.refuseSender;
      callback(refusal ? Object.assign(new Error(refusal.text), { responseCode: refusal.code }) : undefined);
    },
    onRcptTo(_address, _session, callback) {
      const refusal = inbox.refuseRecipient;
      callback(refusal ? Object.assign(new Error(refusal.text), { responseCode: refusal.code }) : undefined);
    },
    onData(stream, _session, callback) {
      receive(stream).then(() => callback(), callback);
    },
  });
  greetAtOnce.add(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  const inbox: Inbox = {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    received,
    offered: 0,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return inbox;
}

/** A port with nothing listening: connections to it are refused at once. */
export async function closedPort(): Promise<number> {
  const inbox = await startSmtp();
  await inbox.stop();
  return inbox.port;
}

/**
 * The retry run's clock for its time budget (deliver.ts `clock`), standing still: a run in a test
 * ends when its work is done, never because the machine was busy. A test of the budget moves its
 * own clock.
 */
export const stillClock = () => 0;

/** A retry run on the still clock: the tests' usual run. */
export const retryStill = (deps: RetryDependencies) => retryPendingMessages({ clock: stillClock, ...deps });

export const origin = 'https://www.example.com';

export function post(body: unknown, init: { type?: string; origin?: string | null; raw?: string } = {}): Request {
  const headers: Record<string, string> = { 'content-type': init.type ?? 'application/json' };
  if (init.origin !== null) headers.origin = init.origin ?? origin;
  return new Request(`${origin}${routes.contactEndpoint}`, {
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

/**
 * An SMTP server for the whole file and a fresh Blobs store for each test, with the inbox
 * emptied and its switches reset between tests. Call at the top of a test file or a describe.
 */
export function useContactServers(): { readonly blobs: LocalBlobs; readonly inbox: Inbox } {
  let blobs: LocalBlobs | undefined;
  let inbox: Inbox | undefined;
  beforeAll(async () => {
    inbox = await startSmtp();
  });
  afterAll(async () => {
    await inbox?.stop();
  });
  beforeEach(async () => {
    blobs = await startBlobs();
    inbox!.received.length = 0;
    inbox!.offered = 0;
    inbox!.refuse = undefined;
    inbox!.beforeAccept = undefined;
  });
  afterEach(async () => {
    await blobs?.stop();
  });
  return {
    get blobs() {
      return blobs!;
    },
    get inbox() {
      return inbox!;
    },
  };
}

/** A server that takes each connection and drops it at once (nodemailer's ECONNECTION). */
export async function startDroppingServer(): Promise<{ url: string; connections: () => number; stop: () => void }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    stop: () => server.close(),
  };
}

/**
 * A function instance that can be killed between any two of its effects: the fault-injection seam
 * of the crash tests. Effects are the writes of the store (`set`, `setJSON`, `delete`) and the
 * mailer's `send`, counted in the order they start. The effect numbered `killAt` never happens:
 * the instance dies there, and from then on every call it makes (reads too) never settles, as
 * when the process is killed. Nothing waits on a timer.
 */
export function killableInstance(
  client: Store,
  mailer: Mailer,
  killAt: number,
): {
  store: MessageStore;
  mailer: Mailer;
  /** The effects that happened, in order ("setJSON pending/…", "send"). */
  effects: string[];
  /** Resolves when the instance dies. */
  died: Promise<void>;
  dead: () => boolean;
} {
  const never = new Promise<never>(() => {});
  const effects: string[] = [];
  let dead = false;
  let die!: () => void;
  const died = new Promise<void>((resolve) => (die = resolve));
  const effect = (name: string) => {
    if (dead) return false;
    if (effects.length + 1 === killAt) {
      dead = true;
      die();
      return false;
    }
    effects.push(name);
    return true;
  };
  const writes = new Set(['set', 'setJSON', 'delete']);
  const store = new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (dead) return never;
        if (writes.has(String(property)) && !effect(`${String(property)} ${String(args[0])}`)) return never;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    store: blobsMessageStore(store),
    mailer: {
      ...mailer,
      send: (email) => (effect('send') ? mailer.send(email) : never),
    },
    effects,
    died,
    dead: () => dead,
  };
}
