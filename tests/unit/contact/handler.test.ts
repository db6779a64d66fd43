import { beforeEach, describe, expect, it } from 'vitest';
import { handleContactSubmission } from '../../../src/contact/handler';

import { MailDeferred, smtpMailer } from '../../../src/contact/mail';
import { closedPort, post, startDroppingServer, useContactServers, valid, retryStill } from './harness';
import { contactErrorsAnchor, referenceQuery, routes } from '../../../src/model/routes';
import { isMessageId } from '../../../src/contact/store';
import { referenceOf } from '../../../src/contact/reference';

const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };
const servers = useContactServers();
const logs: string[] = [];
beforeEach(() => {
  logs.length = 0;
});

const mailAt = (url: string) => ({ mailer: smtpMailer(url), settings });
const stored = async (id: string) => (await servers.blobs.store.list()).find((r) => r.id === id);

const withMail = (url = servers.inbox.url) => ({
  store: servers.blobs.store,
  mail: { mailer: smtpMailer(url), settings },
  log: (line: string) => logs.push(line),
});

describe('an accepted message', () => {
  it('is stored, then e-mailed with reply-to, subject and escaped HTML, then marked sent', async () => {
    const response = await handleContactSubmission(
      post({ ...valid, message: 'Price for <script>alert(1)</script> & "bulk"?' }),
      withMail(),
    );
    expect(response.status).toBe(200);
    const answer = await response.json();

    const [record, ...others] = await servers.blobs.store.list();
    expect(others).toEqual([]);
    // The answer names the message's reference: the end of its id in the store, to be read out.
    expect(answer).toEqual({ ok: true, reference: referenceOf(record!.id) });
    expect(answer.reference).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
    expect(record).toMatchObject({
      status: 'sent',
      attempts: 1,
      message: { name: 'Ada Lovelace', company: 'Analytical Looms' },
    });
    expect(Date.parse(record!.receivedAt)).not.toBeNaN();

    expect(servers.inbox.received).toHaveLength(1);
    const mail = servers.inbox.received[0]!;
    expect(mail.subject).toBe(`Website enquiry from Ada Lovelace (Analytical Looms), ref. ${answer.reference}`);
    // The reference comes first in the text, as in the HTML.
    expect(mail.text!.split('\n')[0]).toBe(`Reference: ${answer.reference}`);
    expect(mail.html).toContain(`<th align="left">Reference</th><td>${answer.reference}</td>`);
    expect(mail.replyTo?.text).toBe('ada@example.org');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('sales@example.com');
    expect(mail.from?.text).toBe('website@example.com');
    expect(mail.text).toContain('Price for <script>alert(1)</script> & "bulk"?');
    expect(mail.html).toContain('Price for &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;bulk&quot;?');
    expect(mail.html).not.toContain('<script>');
  });

  it('leaves the company out of the subject when none is given', async () => {
    const response = await handleContactSubmission(post({ ...valid, company: '' }), withMail());
    expect(response.status).toBe(200);
    const { reference } = (await response.json()) as { reference: string };
    expect(servers.inbox.received[0]!.subject).toBe(`Website enquiry from Ada Lovelace, ref. ${reference}`);
  });

  it('stays pending when the mail server is down, and the retry function delivers it later', async () => {
    const down = `smtp://127.0.0.1:${await closedPort()}`;
    const now = new Date('2026-11-22T10:00:00Z');
    const response = await handleContactSubmission(post(valid), { ...withMail(down), now: () => now });
    expect(response.status).toBe(200);
    const [pending] = await servers.blobs.store.list();
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: '2026-11-22T10:15:00.000Z' });
    expect(pending!.lastError).toBeTruthy();
    expect(logs.join('\n')).toContain('kept as pending');

    // Not yet due: nothing happens.
    const early = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(servers.inbox.url),
      now: () => new Date('2026-11-22T10:10:00Z'),
    });
    expect(early).toMatchObject({ pending: 1, due: 0, sent: 0, stillPending: 0 });

    // Still down when due: the attempt is counted and the next one waits twice as long.
    const again = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(down),
      now: () => new Date('2026-11-22T10:15:00Z'),
    });
    expect(again).toMatchObject({ due: 1, sent: 0, stillPending: 1 });
    expect(await stored(pending!.id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      nextAttemptAt: '2026-11-22T10:45:00.000Z',
    });

    const later = await retryStill({
      store: servers.blobs.store,
      mail: mailAt(servers.inbox.url),
      now: () => new Date('2026-11-22T10:45:00Z'),
    });
    expect(later).toMatchObject({ due: 1, sent: 1, stillPending: 0 });
    expect(await stored(pending!.id)).toMatchObject({
      status: 'sent',
      attempts: 3,
      sentAt: '2026-11-22T10:45:00.000Z',
    });
    expect(servers.inbox.received).toHaveLength(1);
  });

  it('while the mail server cannot be reached, later messages are stored and left to the retry run untried', async () => {
    const dropper = await startDroppingServer();
    const { url } = dropper;
    try {
      const mailer = smtpMailer(url);
      const deps = { store: servers.blobs.store, mail: { mailer, settings }, log: (line: string) => logs.push(line) };
      expect((await handleContactSubmission(post(valid), deps)).status).toBe(200);
      expect(dropper.connections()).toBe(1);
      const second = { ...valid, email: 'second@example.com' };
      expect((await handleContactSubmission(post(second), deps)).status).toBe(200);
      expect(dropper.connections()).toBe(1);
      await expect(
        mailer.send({
          from: 'a@example.com',
          to: 'b@example.com',
          replyTo: 'c@example.com',
          subject: 's',
          text: 't',
          html: '<p>t</p>',
          messageId: '<m1@www.example.com>',
        }),
      ).rejects.toBeInstanceOf(MailDeferred);

      const records = await servers.blobs.store.list();
      const first = records.find((r) => r.message.email === valid.email)!;
      const untried = records.find((r) => r.message.email === 'second@example.com')!;
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      // Not counted as an attempt, and still under the lease it was stored with.
      expect(untried).toMatchObject({ status: 'pending', attempts: 0 });
      expect(untried.lastError).toBeUndefined();
      expect(Date.parse(untried.nextAttemptAt!)).toBeGreaterThan(Date.parse(untried.receivedAt));
      expect(logs.join('\n')).toMatch(/not tried: the mail server could not be reached/);

      // Once the lease is over, a retry run sends it with a mailer of its own.
      const due = new Date(Date.parse(untried.nextAttemptAt!) + 1);
      const run = await retryStill({ store: servers.blobs.store, mail: mailAt(servers.inbox.url), now: () => due });
      expect(run.sent).toBe(1);
      expect(servers.inbox.received.map((m) => m.replyTo?.text)).toContain('second@example.com');
    } finally {
      dropper.stop();
    }
  });

  it('tries again after the pause, and a mailer with no pause tries every time', async () => {
    const dropper = await startDroppingServer();
    const { url } = dropper;
    const email = {
      from: 'a@example.com',
      to: 'b@example.com',
      replyTo: 'c@example.com',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
      messageId: '<m1@www.example.com>',
    };
    try {
      const brief = smtpMailer(url, { backoffMs: 50 });
      await expect(brief.send(email)).rejects.toMatchObject({ code: 'ECONNECTION' });
      await expect(brief.send(email)).rejects.toBeInstanceOf(MailDeferred);
      await new Promise((resolve) => setTimeout(resolve, 60));
      await expect(brief.send(email)).rejects.toMatchObject({ code: 'ECONNECTION' });
      expect(dropper.connections()).toBe(2);

      const eager = smtpMailer(url, { backoffMs: 0 });
      for (let i = 0; i < 3; i++) await expect(eager.send(email)).rejects.toMatchObject({ code: 'ECONNECTION' });
      expect(dropper.connections()).toBe(5);
    } finally {
      dropper.stop();
    }
  });

  it('is kept without any mail server when SMTP is not configured', async () => {
    const response = await handleContactSubmission(post(valid), {
      store: servers.blobs.store,
      log: (l) => logs.push(l),
    });
    expect(response.status).toBe(200);
    expect(await servers.blobs.store.list()).toHaveLength(1);
    expect(logs).toEqual([expect.stringContaining('SMTP_URL is not set')]);
  });

  it('from the no-JavaScript form joins first and last name and redirects to the thank-you page', async () => {
    const form = new URLSearchParams({
      firstName: '  Ada ',
      lastName: ' Lovelace ',
      email: 'ada@example.org',
      company: '',
      message: 'Hello',
      website: '',
    });
    const response = await handleContactSubmission(
      post(form.toString(), { type: 'application/x-www-form-urlencoded' }),
      withMail(),
    );
    expect(response.status).toBe(303);
    const [record] = await servers.blobs.store.list();
    expect(record!.message.name).toBe('Ada Lovelace');
    // The thank-you page is given the message's reference to show, which its check lets through.
    const reference = referenceOf(record!.id);
    expect(response.headers.get('location')).toBe(`${routes.contactThanks}?${referenceQuery}=${reference}`);
    expect(isMessageId(record!.id)).toBe(true);
    expect(isMessageId(reference)).toBe(true);
  });

  it("carries a sample request's details, when filled in, to the store and the e-mail", async () => {
    const details = { country: 'Viet Nam', quantity: '2 kg', substrate: 'Cotton jersey <exhaust>' };
    const response = await handleContactSubmission(post({ ...valid, ...details, quantity: '  2 kg  ' }), withMail());
    expect(response.status).toBe(200);
    const [record] = await servers.blobs.store.list();
    expect(record!.message).toMatchObject(details);
    const mail = servers.inbox.received[0]!;
    expect(mail.text).toContain('Country: Viet Nam\nQuantity: 2 kg\nSubstrate or process: Cotton jersey <exhaust>\n');
    expect(mail.html).toContain('<th align="left">Substrate or process</th><td>Cotton jersey &lt;exhaust&gt;</td>');

    // Empty details are left out, of the record and of the e-mail.
    await handleContactSubmission(post({ ...valid, country: '', quantity: ' ', message: 'No details' }), withMail());
    const plain = (await servers.blobs.store.list()).find((r) => r.message.message === 'No details')!;
    expect(Object.keys(plain.message)).not.toEqual(expect.arrayContaining(['country']));
    expect(JSON.parse(JSON.stringify(plain.message))).not.toHaveProperty('quantity');
    expect(servers.inbox.received[1]!.text).not.toContain('Country:');
  });
});

describe('a refused request', () => {
  const cases: [string, () => Request, number, string | RegExp][] = [
    ['GET', () => new Request(`https://www.example.com${routes.contactEndpoint}`), 405, 'Only POST'],
    ['plain text', () => post('hello', { type: 'text/plain' }), 415, 'application/json'],
    ['a body over 32 KB', () => post({ ...valid, message: 'x'.repeat(33 * 1024) }), 413, 'larger than 32 KB'],
    ['invalid JSON', () => post('{"name":', {}), 400, 'not valid JSON'],
    ['a JSON array', () => post([valid]), 400, 'JSON object'],
    ['another site', () => post(valid, { origin: 'https://evil.example.net' }), 403, 'from this site'],
    // Every browser sends an Origin with a POST: a request without one is a script's (decision 0045).
    ['a request without an Origin', () => post(valid, { origin: null }), 403, 'from this site'],
    ['an Origin of "null"', () => post(valid, { origin: 'null' }), 403, 'from this site'],
  ];
  for (const [what, request, status, error] of cases) {
    it(`answers ${status} to ${what}`, async () => {
      const response = await handleContactSubmission(request(), withMail());
      expect(response.status).toBe(status);
      expect((await response.json()).error).toMatch(error);
      expect(await servers.blobs.store.list()).toEqual([]);
      expect(servers.inbox.received).toEqual([]);
    });
  }

  it('says Allow: POST on 405', async () => {
    const response = await handleContactSubmission(
      new Request(`https://www.example.com${routes.contactEndpoint}`, { method: 'PUT', body: 'x' }),
      withMail(),
    );
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('names each bad field', async () => {
    const response = await handleContactSubmission(
      post({
        name: '   ',
        email: 'not-an-address',
        company: 'c'.repeat(201),
        country: 'Thai\nland',
        quantity: 'q'.repeat(101),
        substrate: 'Cotton\u202E',
        message: '',
      }),
      withMail(),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Some fields need your attention',
      fields: {
        name: 'Name is required',
        email: 'Email must be a valid e-mail address',
        company: 'Company must be at most 200 characters',
        country: 'Country must be on one line',
        quantity: 'Quantity must be at most 100 characters',
        substrate: expect.stringMatching(/^Substrate or process contains an invisible character \(U\+202E/),
        message: 'Message is required',
      },
    });
  });

  it('rejects wrong types and over-long values', async () => {
    const response = await handleContactSubmission(
      post({ name: 42, email: `${'a'.repeat(250)}@example.org`, message: 'm'.repeat(5001) }),
      withMail(),
    );
    expect(response.status).toBe(400);
    const { fields } = await response.json();
    expect(fields).toEqual({
      name: 'Name must be text',
      email: 'Email must be at most 254 characters',
      message: 'Message must be at most 5000 characters',
    });
  });

  it('rejects header injection through line breaks in single-line fields', async () => {
    for (const field of ['name', 'email', 'company'] as const) {
      const response = await handleContactSubmission(
        post({ ...valid, [field]: `${valid[field]}\r\nBcc: victim@example.net` }),
        withMail(),
      );
      expect(response.status, field).toBe(400);
      expect((await response.json()).fields[field]).toMatch(/one line|valid e-mail/);
    }
    expect(await servers.blobs.store.list()).toEqual([]);
    expect(servers.inbox.received).toEqual([]);
  });

  it('hands a refused no-JavaScript form to the contact page rendered on demand, keeping nothing', async () => {
    const form = new URLSearchParams({
      firstName: 'Ada',
      lastName: '<b>L</b>',
      email: 'nope',
      company: 'ACME',
      message: 'Keep this text',
    });
    const response = await handleContactSubmission(
      post(form.toString(), { type: 'application/x-www-form-urlencoded' }),
      withMail(),
    );
    // 307: the browser posts the same body there, and the page shows the reasons in the form.
    expect(response.status).toBe(307);
    // The fragment brings the page's box of reasons into view, without a script.
    expect(response.headers.get('location')).toBe(`${routes.contactForm}#${contactErrorsAnchor}`);
    expect(await response.text()).toBe('');
    expect(await servers.blobs.store.list()).toEqual([]);
    expect(servers.inbox.received).toEqual([]);
  });
});

describe('a robot filling the honeypot', () => {
  it('is answered as if accepted, and nothing is kept or sent', async () => {
    const response = await handleContactSubmission(post({ ...valid, website: 'https://spam.example.net' }), withMail());
    expect(response.status).toBe(200);
    expect(await servers.blobs.store.list()).toEqual([]);
    expect(servers.inbox.received).toEqual([]);
  });
});

describe('when the store cannot be written', () => {
  it('answers 503 so the visitor keeps the text, and sends nothing', async () => {
    servers.blobs.breakWrites();
    const response = await handleContactSubmission(post(valid), withMail());
    expect(response.status).toBe(503);
    expect((await response.json()).error).toMatch(/could not be saved/);
    expect(servers.inbox.received).toEqual([]);
  });

  it('after the e-mail went out, still answers success: the message has reached the company', async () => {
    const smtp = smtpMailer(servers.inbox.url);
    // The store becomes unreachable between the e-mail and the record of it.
    const mailer = {
      send: async (email: Parameters<typeof smtp.send>[0]) => (await smtp.send(email), servers.blobs.breakWrites()),
    };
    const response = await handleContactSubmission(post(valid), { ...withMail(), mail: { mailer, settings } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, reference: expect.any(String) });
    expect(servers.inbox.received).toHaveLength(1);
    // Kept as it was stored, still under its lease; the log says what happened.
    expect(await servers.blobs.store.list()).toMatchObject([{ status: 'pending', attempts: 0 }]);
    expect(logs).toEqual([
      expect.stringMatching(/was e-mailed, but the store could not record it .*may e-mail it a second time/),
    ]);
  });
});
