/**
 * Deploy previews and branch deploys keep their messages apart from production's and do not
 * e-mail the production mailbox. Checked on the rules, and on the two Netlify functions as
 * Netlify calls them: store access from NETLIFY_BLOBS_CONTEXT, the deploy context from `context`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Context } from '@netlify/functions';
import { contactMailFor, contactStoreName } from '../../../src/contact/deploy-context';
import { blobsMessageStore } from '../../../src/contact/store';
import { post, useContactServers, valid } from './harness';

describe('store and mail per deploy context', () => {
  it('production and local runs share "contact-messages"; every other context has its own store', () => {
    expect(contactStoreName('production')).toBe('contact-messages');
    expect(contactStoreName('dev')).toBe('contact-messages');
    expect(contactStoreName(undefined)).toBe('contact-messages');
    expect(contactStoreName('deploy-preview')).toBe('contact-messages-deploy-preview');
    expect(contactStoreName('branch-deploy')).toBe('contact-messages-branch-deploy');
    expect(contactStoreName('Feature/New Form')).toBe('contact-messages-feature-new-form');
  });

  it('previews e-mail only the mailbox CONTACT_PREVIEW_TO names, never CONTACT_TO', () => {
    const env = { SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_TO: 'sales@example.com' };
    expect(contactMailFor('production', env, 'info@example.com').mail?.settings).toEqual({
      to: 'sales@example.com',
      from: 'sales@example.com',
      domain: 'www.example.com',
    });
    const preview = contactMailFor('deploy-preview', env, 'info@example.com');
    expect(preview.mail).toBeUndefined();
    expect(preview.notice).toMatch(/CONTACT_PREVIEW_TO/);
    expect(
      contactMailFor('branch-deploy', { ...env, CONTACT_PREVIEW_TO: 'web-team@example.com' }, 'info@example.com').mail
        ?.settings,
    ).toEqual({
      to: 'web-team@example.com',
      from: 'web-team@example.com',
      domain: 'www.example.com',
    });
    expect(
      contactMailFor('deploy-preview', { CONTACT_PREVIEW_TO: 'web-team@example.com' }, 'info@example.com').mail,
    ).toBeUndefined();
  });

  it('reuses one mailer per SMTP URL across requests, whatever the addresses', () => {
    const first = contactMailFor('production', { SMTP_URL: 'smtp://127.0.0.1:2525' }, 'info@example.com').mail!;
    const again = contactMailFor(
      'production',
      { SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_TO: 'sales@example.com' },
      'info@example.com',
    ).mail!;
    const preview = contactMailFor(
      'deploy-preview',
      { SMTP_URL: 'smtp://127.0.0.1:2525', CONTACT_PREVIEW_TO: 'web-team@example.com' },
      'x@example.com',
    ).mail!;
    const other = contactMailFor('production', { SMTP_URL: 'smtp://127.0.0.1:2526' }, 'info@example.com').mail!;
    expect(again.mailer).toBe(first.mailer);
    expect(preview.mailer).toBe(first.mailer);
    expect(again.settings.to).toBe('sales@example.com');
    expect(other.mailer).not.toBe(first.mailer);
  });
});

describe('the Netlify functions', () => {
  const servers = useContactServers();
  const saved = { ...process.env };

  beforeEach(() => {
    process.env.SMTP_URL = servers.inbox.url;
    process.env.CONTACT_TO = 'sales@example.com';
    delete process.env.CONTACT_FROM;
    delete process.env.CONTACT_PREVIEW_TO;
  });
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    vi.restoreAllMocks();
  });

  const as = (deployContext: string) =>
    ({ deploy: { context: deployContext, id: 'deploy-1', published: deployContext === 'production' } }) as Context;
  const messagesIn = (name: string) => blobsMessageStore(servers.blobs.client(name)).list();
  const recipients = () => servers.inbox.received.map((m) => (m.to && 'text' in m.to ? m.to.text : ''));

  it('send-contact-email: a preview keeps its message in its own store and e-mails no one', async () => {
    process.env.NETLIFY_BLOBS_CONTEXT = servers.blobs.blobsContext;
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { default: send } = await import('../../../netlify/functions/send-contact-email');

    expect((await send(post(valid), as('deploy-preview'))).status).toBe(200);
    expect(await messagesIn('contact-messages-deploy-preview')).toHaveLength(1);
    expect(await messagesIn('contact-messages')).toEqual([]);
    expect(servers.inbox.received).toEqual([]);
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining('e-mails only when CONTACT_PREVIEW_TO is set'));

    process.env.CONTACT_PREVIEW_TO = 'web-team@example.com';
    expect((await send(post(valid), as('branch-deploy'))).status).toBe(200);
    expect(await messagesIn('contact-messages-branch-deploy')).toMatchObject([{ status: 'sent' }]);
    expect(recipients()).toEqual(['web-team@example.com']);

    expect((await send(post(valid), as('production'))).status).toBe(200);
    expect(await messagesIn('contact-messages')).toMatchObject([{ status: 'sent' }]);
    expect(recipients()).toEqual(['web-team@example.com', 'sales@example.com']);
  });

  it('retry-contact-emails: works on the production store and logs its report', async () => {
    process.env.NETLIFY_BLOBS_CONTEXT = servers.blobs.blobsContext;
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const received = new Date(Date.now() - 3_600_000);
    await servers.blobs.store.add({
      id: 'due-1',
      receivedAt: received.toISOString(),
      status: 'pending',
      attempts: 1,
      nextAttemptAt: received.toISOString(),
      message: valid,
    });
    const { default: retry } = await import('../../../netlify/functions/retry-contact-emails');

    await retry(
      new Request('https://www.example.com/.netlify/functions/retry-contact-emails', {
        method: 'POST',
        body: '{"next_run":""}',
      }),
      as('production'),
    );
    expect(recipients()).toEqual(['sales@example.com']);
    expect(await messagesIn('contact-messages')).toMatchObject([{ id: 'due-1', status: 'sent', attempts: 2 }]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^contact retry: 1 pending \(1 read\), 1 due, 1 sent, 0 still pending, 0 failed/),
    );
  });
});
