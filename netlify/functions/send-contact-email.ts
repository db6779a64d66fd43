/**
 * POST /api/send-contact-email: the contact form's only server call. The work is done by
 * src/lib/contact/handler.ts; this file wires it to Netlify Blobs and the SMTP settings.
 */
import type { Config, Context } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { handleContactSubmission } from '../../src/lib/contact/handler';
import { mailFromEnvironment } from '../../src/lib/contact/mail';
import { blobsMessageStore, contactStoreName } from '../../src/lib/contact/store';
import { identity } from '../../src/lib/identity';

export default async (request: Request, _context: Context) =>
  handleContactSubmission(request, {
    store: blobsMessageStore(getStore({ name: contactStoreName, consistency: 'strong' })),
    mail: mailFromEnvironment(process.env, identity.emails.general),
    extraOrigins: [process.env.URL, process.env.DEPLOY_PRIME_URL].filter((o): o is string => Boolean(o)),
  });

export const config: Config = {
  path: '/api/send-contact-email',
  // Five submissions a minute per visitor IP and domain. `aggregateBy` must be a list: the
  // plain string 'ip' would limit the whole site as one visitor.
  rateLimit: {
    windowLimit: 5,
    windowSize: 60,
    aggregateBy: ['ip', 'domain'],
  },
};
