/**
 * Every 15 minutes: e-mails the stored contact messages that are pending and due, each retry
 * further apart, within the hourly cap CONTACT_MAIL_PER_HOUR (default 30), and the messages held
 * back by that cap in one digest e-mail once it allows one; logs one line when messages have
 * waited for more than a day; deletes sent messages older than CONTACT_RETENTION_DAYS (default
 * 90), the markers of browser ids as old, and pending messages too when no mail server is set;
 * alerts once a day on CONTACT_ALERT_WEBHOOK and in the log when a message failed or has waited
 * for more than CONTACT_ALERT_AFTER_HOURS, and once a day when the cap was reached
 * (src/contact/alert.ts). See src/contact/deliver.ts.
 *
 * Netlify runs scheduled functions on the published production deploy only, so this works on the
 * production store; the context is still read, so that a run elsewhere could never touch it.
 */
import type { Config, Context } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { alertAfterHoursFrom } from '../../src/contact/alert';
import { retentionDaysFrom, retryPendingMessages } from '../../src/contact/deliver';
import { contactMailFor, contactStoreName } from '../../src/contact/deploy-context';
import { blobsMessageStore } from '../../src/contact/store';
import { withMailCap } from '../../src/contact/mail-cap';
import { identity } from '../../src/model/identity';

export default async (_request: Request, context: Context) => {
  const deployContext = context?.deploy?.context;
  const log = (line: string) => console.log(line);
  const { mail, notice } = contactMailFor(deployContext, process.env, identity.emails.general);
  if (!mail) log(`contact retry: ${notice}; pending messages stay in the store`);
  const storeName = contactStoreName(deployContext);
  const report = await retryPendingMessages({
    store: blobsMessageStore(getStore({ name: storeName, consistency: 'strong' })),
    mail: withMailCap(mail, process.env, undefined, log),
    log,
    retentionDays: retentionDaysFrom(process.env.CONTACT_RETENTION_DAYS, log),
    alert: {
      webhook: process.env.CONTACT_ALERT_WEBHOOK || undefined,
      afterHours: alertAfterHoursFrom(process.env.CONTACT_ALERT_AFTER_HOURS, log),
      storeName,
    },
  });
  log(
    `contact retry: ${report.pending} pending (${report.looked} read), ${report.due} due, ${report.sent} sent, ${report.stillPending} still pending, ` +
      `${report.failed} failed, ${report.skipped} left for later, ${report.deleted} expired sent deleted, ${report.markersDeleted} expired markers deleted` +
      (report.expired ? `, ${report.expired} expired pending deleted` : '') +
      (report.heldBack || report.digests || report.heldWaiting
        ? `; hourly limit: ${report.heldBack} held back, ${report.digested} sent in ${report.digests} digest(s), ${report.heldWaiting} held waiting`
        : ''),
  );
};

export const config: Config = {
  // A literal, as Netlify's parser requires: every retryEveryMinutes (src/contact/deliver.ts)
  // minutes, which tests/unit/routes.test.ts keeps in step.
  schedule: '*/15 * * * *',
};
