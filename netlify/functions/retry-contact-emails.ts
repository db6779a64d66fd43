/**
 * Every 15 minutes: e-mails the stored contact messages that are still pending and due, each
 * retry further apart (see src/lib/contact/deliver.ts).
 */
import type { Config } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { retryPendingMessages } from '../../src/lib/contact/deliver';
import { mailFromEnvironment } from '../../src/lib/contact/mail';
import { blobsMessageStore, contactStoreName } from '../../src/lib/contact/store';
import { identity } from '../../src/lib/identity';

export default async () => {
  const mail = mailFromEnvironment(process.env, identity.emails.general);
  if (!mail) {
    console.log('contact retry: SMTP_URL is not set; pending messages stay in the store');
    return;
  }
  const store = blobsMessageStore(getStore({ name: contactStoreName, consistency: 'strong' }));
  const report = await retryPendingMessages(store, mail.mailer, mail.settings, new Date());
  console.log(`contact retry: ${report.due} due, ${report.sent} sent, ${report.stillPending} still pending`);
};

export const config: Config = {
  schedule: '*/15 * * * *',
};
