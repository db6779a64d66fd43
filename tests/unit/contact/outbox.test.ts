/**
 * The browser's outbox (src/contact/outbox.ts) over fake-indexeddb, in Node: no window, no
 * document and no localStorage, as in a service worker. The last tests send through the real
 * contact function, with a Blobs store and an SMTP server on loopback.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  endOwnAttempt,
  enquiryFromForm,
  postEnquiry,
  sendKeptMessages,
  startOwnAttempt,
} from '../../../src/contact/outbox';
import {
  flaggedIds,
  keepEnquiry,
  keptEnquiries,
  keptForDays,
  markSent,
  outboxFlag,
  removeEnquiry,
  takeSent,
} from '../../../src/contact/outbox-store';
import { browserIdField, isBrowserId } from '../../../src/contact/browser-id';
import { handleContactSubmission } from '../../../src/contact/handler';
import { smtpMailer } from '../../../src/contact/mail';
import { origin, useContactServers, valid } from './harness';

beforeEach(() => {
  // A fresh, empty browser database for every test.
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers each post from `answers` in turn and records what was posted. */
function scripted(...answers: (Response | Error | 'hang')[]) {
  const posted: Record<string, unknown>[] = [];
  const fetchFn = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    posted.push(JSON.parse(String(init?.body)));
    const answer = answers.shift() ?? json(200, { ok: true });
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    }
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, posted };
}

const body = (message: string) => ({ ...valid, message });

describe('the outbox', () => {
  it('keeps messages under a browser id, lists them oldest first, and removes one', async () => {
    const b = await keepEnquiry(body('second'), { now: new Date(Date.now() - 1000) });
    const a = await keepEnquiry(body('first'), { now: new Date(Date.now() - 2000) });
    expect(isBrowserId(a.id) && isBrowserId(b.id) && a.id !== b.id).toBe(true);
    expect((await keptEnquiries()).map((e) => e.body.message)).toEqual(['first', 'second']);
    expect(await removeEnquiry(a.id)).toBe(true);
    expect(await removeEnquiry(a.id)).toBe(false);
    expect((await keptEnquiries()).map((e) => e.id)).toEqual([b.id]);
  });

  it('keeps the id the first attempt was made with, and not a second copy of it in the body', async () => {
    const id = crypto.randomUUID();
    const values = { firstName: 'Ada', lastName: 'Lovelace', message: 'x' };
    const entry = await keepEnquiry({ ...body('x'), [browserIdField]: id }, { id, values });
    expect(entry.id).toBe(id);
    expect(entry.body).not.toHaveProperty(browserIdField);
    expect((await keptEnquiries())[0]).toEqual(entry);
    expect(entry.values).toEqual(values);
  });

  it('sends each message with its id: delivered ones leave, unanswered ones and 5xx stay with the reason', async () => {
    const at = (second: number) => new Date(Date.UTC(2026, 10, 25, 10, 0, second));
    const sent = await keepEnquiry(body('delivered'), { now: at(0) });
    const busy = await keepEnquiry(body('server busy'), { now: at(1) });
    const offline = await keepEnquiry(body('no connection'), { now: at(2) });
    const limited = await keepEnquiry(body('rate limited'), { now: at(3) });
    const { fetchFn, posted } = scripted(
      json(200, { ok: true }),
      json(503, { error: 'could not be saved' }),
      new TypeError('Failed to fetch'),
      json(429, {}),
    );
    const report = await sendKeptMessages(fetchFn);
    expect(posted).toEqual([sent, busy, offline, limited].map((e) => ({ ...e.body, [browserIdField]: e.id })));
    expect(report.sent.map((e) => e.id)).toEqual([sent.id]);
    expect(report.refused).toEqual([]);
    expect(report.waiting.map((e) => [e.id, e.attempts, e.lastError])).toEqual([
      [busy.id, 1, 'the server answered 503'],
      [offline.id, 1, 'Failed to fetch'],
      [limited.id, 1, 'the server answered 429'],
    ]);
    expect((await keptEnquiries()).map((e) => e.id)).toEqual([busy.id, offline.id, limited.id]);
  });

  it('keeps a message whose answer does not come in time', async () => {
    const entry = await keepEnquiry(body('slow'));
    const { fetchFn } = scripted('hang');
    const report = await sendKeptMessages(fetchFn, { timeoutMs: 50 });
    expect(report.waiting).toMatchObject([{ id: entry.id, lastError: 'no answer in time' }]);
    expect(await keptEnquiries()).toHaveLength(1);
  });

  it('a refused message keeps the reason and is not sent again', async () => {
    const entry = await keepEnquiry(body('bad address'));
    const first = scripted(
      json(400, {
        error: 'Some fields need your attention',
        fields: { email: 'Email must be a valid e-mail address' },
      }),
    );
    const report = await sendKeptMessages(first.fetchFn);
    expect(report.refused).toMatchObject([
      { id: entry.id, refused: 'Some fields need your attention: Email must be a valid e-mail address' },
    ]);
    expect(await keptEnquiries()).toMatchObject([{ id: entry.id, refused: expect.any(String) }]);
    const second = scripted();
    expect(await sendKeptMessages(second.fetchFn)).toEqual({ sent: [], refused: [], waiting: [] });
    expect(second.posted).toEqual([]);
  });

  it('a message cancelled while its attempt is on the way stays cancelled', async () => {
    const entry = await keepEnquiry(body('cancel me'));
    let answer!: (r: Response) => void;
    const fetchFn = (async () => new Promise<Response>((resolve) => (answer = resolve))) as unknown as typeof fetch;
    const run = sendKeptMessages(fetchFn);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    await removeEnquiry(entry.id);
    answer(json(503, {}));
    expect((await run).waiting).toEqual([]);
    expect(await keptEnquiries()).toEqual([]);
  });

  it('one run at a time: a second call while one is under way posts nothing more', async () => {
    await keepEnquiry(body('once'));
    const { fetchFn, posted } = scripted();
    const [a, b] = await Promise.all([sendKeptMessages(fetchFn), sendKeptMessages(fetchFn)]);
    expect(a).toBe(b);
    expect(posted).toHaveLength(1);
  });

  it("sets the page's flag to the ids it holds, and clears it when empty", async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
      removeItem: (k: string) => storage.delete(k),
    });
    const a = await keepEnquiry(body('a'));
    const b = await keepEnquiry(body('b'));
    expect(flaggedIds().sort()).toEqual([a.id, b.id].sort());
    await removeEnquiry(a.id);
    expect(JSON.parse(storage.get(outboxFlag)!)).toEqual([b.id]);
    await sendKeptMessages(scripted().fetchFn);
    // Sent, but no page has shown its reference yet: the flag still names it.
    expect(flaggedIds()).toEqual([b.id]);
    await takeSent();
    expect(storage.has(outboxFlag)).toBe(false);
    expect(flaggedIds()).toEqual([]);
    // A flag of an older form reads as no ids.
    storage.set(outboxFlag, '2');
    expect(flaggedIds()).toEqual([]);
    expect(b.id).not.toBe(a.id);
  });

  it('postEnquiry tells a refusal from a "not now" answer and from no answer, and says why', async () => {
    const id = crypto.randomUUID();
    expect(
      await postEnquiry(scripted(json(413, { error: 'The message is larger than 32 KB' })).fetchFn, id, body('x')),
    ).toMatchObject({ outcome: 'refused', status: 413, reason: 'The message is larger than 32 KB' });
    for (const status of [500, 503, 429, 408])
      expect(await postEnquiry(scripted(json(status, {})).fetchFn, id, body('x'))).toMatchObject({
        outcome: 'busy',
        status,
        reason: `the server answered ${status}`,
      });
    expect(await postEnquiry(scripted(new TypeError('Failed to fetch')).fetchFn, id, body('x'))).toMatchObject({
      outcome: 'unreachable',
      reason: 'Failed to fetch',
    });
    expect(
      await postEnquiry(scripted(json(200, { ok: true, reference: 'K7MQ-4H9X' })).fetchFn, id, body('x')),
    ).toMatchObject({ outcome: 'sent', reference: 'K7MQ-4H9X' });
    expect(await postEnquiry(scripted(new Response('', { status: 403 })).fetchFn, id, body('x'))).toMatchObject({
      outcome: 'refused',
      reason: 'refused (403)',
    });
  });
});

describe('the outbox over time', () => {
  it('drops a message kept more than seven days ago, sent or not, and keeps a younger one', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = await keepEnquiry(body('old'), { now: new Date(Date.now() - keptForDays * day - 1000) });
    const young = await keepEnquiry(body('young'), { now: new Date(Date.now() - keptForDays * day + 60_000) });
    const { fetchFn, posted } = scripted();
    expect((await keptEnquiries()).map((e) => e.id)).toEqual([young.id]);
    const report = await sendKeptMessages(fetchFn);
    expect(report.sent.map((e) => e.id)).toEqual([young.id]);
    expect(posted.map((p) => p[browserIdField])).toEqual([young.id]);
    expect(posted.map((p) => p[browserIdField])).not.toContain(old.id);
  });

  it("leaves to the page the message it is sending itself, and reports each sent one's reference", async () => {
    const own0 = crypto.randomUUID();
    startOwnAttempt(own0);
    const own = await keepEnquiry(body('own'), { id: own0 });
    const other = await keepEnquiry(body('other'));
    const { fetchFn, posted } = scripted(json(200, { ok: true, reference: 'ABCD-EFGH' }));
    const report = await sendKeptMessages(fetchFn);
    expect(posted.map((p) => p[browserIdField])).toEqual([other.id]);
    expect(report.sent).toMatchObject([{ id: other.id, reference: 'ABCD-EFGH' }]);
    endOwnAttempt(own0);
    // Its attempt over, a later run may send it (the page removes it when answered).
    const again = scripted();
    await sendKeptMessages(again.fetchFn);
    expect(again.posted.map((p) => p[browserIdField])).toEqual([own.id]);
  });
});

describe('kept messages sent later', () => {
  it('are recorded with their references, oldest first, until a page takes them, once', async () => {
    const first = await keepEnquiry(body('first'), { now: new Date(Date.now() - 2000) });
    const second = await keepEnquiry(body('second'), { now: new Date(Date.now() - 1000) });
    const { fetchFn } = scripted(
      json(200, { ok: true, reference: 'AAAA-BBBB' }),
      json(200, { ok: true, reference: 'CCCC-DDDD', repeat: true }),
    );
    // Sent by one context (a worker, with no page open)...
    await sendKeptMessages(fetchFn);
    expect(await keptEnquiries()).toEqual([]);
    // ...and shown by the next page, each with its reference; a second page finds nothing more.
    expect((await takeSent()).map(({ id, reference }) => ({ id, reference }))).toEqual([
      { id: first.id, reference: 'AAAA-BBBB' },
      { id: second.id, reference: 'CCCC-DDDD' },
    ]);
    expect(await takeSent()).toEqual([]);
  });

  it('are not recorded when the message had gone meanwhile; the page that answers its own send clears the record', async () => {
    const gone = await keepEnquiry(body('cancelled'));
    await removeEnquiry(gone.id);
    expect(await markSent(gone.id, 'AAAA-BBBB')).toBe(false);
    const own = await keepEnquiry(body('own'));
    expect(await markSent(own.id, 'CCCC-DDDD')).toBe(true);
    // The page's own attempt was answered too, and says so itself.
    await removeEnquiry(own.id);
    expect(await takeSent()).toEqual([]);
  });

  it(`drop a record no page took within ${keptForDays} days`, async () => {
    const entry = await keepEnquiry(body('old'));
    const long = keptForDays * 24 * 60 * 60 * 1000;
    await markSent(entry.id, 'AAAA-BBBB', new Date(Date.now() - long - 1000));
    expect(await takeSent()).toEqual([]);
  });
});

describe('the outbox and the contact function together', () => {
  const servers = useContactServers();
  const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };
  /** The real function behind fetch; `lose` drops the answers of that many requests after they were handled. */
  const server = (lose = 0) =>
    (async (url: RequestInfo | URL, init?: RequestInit) => {
      const response = await handleContactSubmission(
        new Request(`${origin}${String(url)}`, { ...init, headers: { ...init?.headers, origin } }),
        {
          store: servers.blobs.store,
          mail: { mailer: smtpMailer(servers.inbox.url), settings },
          log: () => {},
        },
      );
      if (lose-- > 0) throw new TypeError('Failed to fetch');
      return response;
    }) as unknown as typeof fetch;

  it('a message whose answer was lost is sent again under its id and arrives once', async () => {
    const entry = await keepEnquiry(body('answer lost on the way back'));
    const lossy = server(1);
    expect((await sendKeptMessages(lossy)).waiting).toHaveLength(1);
    // The server has it already; the browser does not know.
    expect(await servers.blobs.store.list()).toHaveLength(1);
    const report = await sendKeptMessages(lossy);
    expect(report.sent.map((e) => e.id)).toEqual([entry.id]);
    expect(await keptEnquiries()).toEqual([]);
    expect(await servers.blobs.store.list()).toMatchObject([{ browserId: entry.id, status: 'sent' }]);
    expect(servers.inbox.received).toHaveLength(1);
  });

  it('a page and a worker sending the same outbox at once deliver each message once', async () => {
    await keepEnquiry(body('one'));
    await keepEnquiry(body('two'));
    // A second copy of the module, with its own run guard, as a service worker has.
    vi.resetModules();
    const worker = await import('../../../src/contact/outbox');
    expect(worker.sendKeptMessages).not.toBe(sendKeptMessages);
    await Promise.all([sendKeptMessages(server()), worker.sendKeptMessages(server())]);
    expect(await keptEnquiries()).toEqual([]);
    expect((await servers.blobs.store.list()).map((r) => r.message.message).sort()).toEqual(['one', 'two']);
    expect(servers.inbox.received).toHaveLength(2);
  });

  it('a message the function refuses stays in the outbox with its reason', async () => {
    await keepEnquiry({ ...valid, email: 'ada@example' });
    const report = await sendKeptMessages(server());
    expect(report.refused).toMatchObject([
      { refused: expect.stringContaining('Email must be a valid e-mail address') },
    ]);
    expect(await servers.blobs.store.list()).toEqual([]);
  });
});

describe('a form posted without the page script, as the worker keeps it', () => {
  it('becomes the body the form script posts: the names joined, empty optional fields left out', () => {
    const form = new URLSearchParams({
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      company: '',
      message: 'Hi',
      topic: 'sample',
      about: '',
      country: 'Kenya',
      quantity: '',
      substrate: 'cotton knit',
      website: '',
    });
    expect(enquiryFromForm(form)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      company: '',
      message: 'Hi',
      topic: 'sample',
      country: 'Kenya',
      substrate: 'cotton knit',
    });
    // A filled honeypot travels on, so the server still treats the post as a robot's.
    expect(
      enquiryFromForm(new URLSearchParams({ firstName: 'R', message: 'x', website: 'spam.example' })),
    ).toMatchObject({ website: 'spam.example' });
  });

  const servers = useContactServers();

  it('is accepted by the contact function once, however often the worker sends it', async () => {
    const body = enquiryFromForm(
      new URLSearchParams({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: valid.email,
        company: valid.company,
        message: valid.message,
      }),
    );
    const entry = await keepEnquiry(body);
    const handler = (async (url: RequestInfo | URL, init?: RequestInit) =>
      handleContactSubmission(
        new Request(`${origin}${String(url)}`, { ...init, headers: { ...init?.headers, origin } }),
        { store: servers.blobs.store, log: () => {} },
      )) as unknown as typeof fetch;
    await sendKeptMessages(handler);
    await keepEnquiry(body, { id: entry.id });
    await sendKeptMessages(handler);
    expect(await servers.blobs.store.list()).toHaveLength(1);
    expect(await keptEnquiries()).toEqual([]);
  });
});
