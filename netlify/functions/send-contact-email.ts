/**
 * POST /api/send-contact-email: the contact form's only server call. The work is done by
 * src/contact/handler.ts; this file wires it to Netlify Blobs and the SMTP settings of the
 * deploy context (see src/contact/deploy-context.ts: previews keep a store of their own and
 * e-mail only a mailbox named for them).
 */
import type { Config, Context } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { handleContactSubmission } from '../../src/contact/handler';
import { contactMailFor, contactStoreName, extraOriginsFrom } from '../../src/contact/deploy-context';
import { blobsMessageStore } from '../../src/contact/store';
import { withMailCap, type CapMemory } from '../../src/contact/mail-cap';
import { retentionDaysFrom } from '../../src/contact/deliver';
import { identity } from '../../src/model/identity';
import { regardingLine } from '../../src/contact/regarding';
import topics from '../../src/content/topics.json';
// The catalogue items' names and codes, as the build wrote them into this function's bundle
// (src/server/built-content.ts): a Map, so a visitor's `about` finds only an item.
import { itemLabels } from '#built-content';

const items = new Map(Object.entries(itemLabels));

/** What this instance knows of the hourly cap on e-mails (src/contact/mail-cap.ts). */
const capMemory: CapMemory = {};

export default async (request: Request, context: Context) => {
  const deployContext = context?.deploy?.context;
  const { mail, notice } = contactMailFor(deployContext, process.env, identity.emails.general);
  const capped = withMailCap(mail, process.env, capMemory);
  return handleContactSubmission(request, {
    store: blobsMessageStore(getStore({ name: contactStoreName(deployContext), consistency: 'strong' })),
    mail: capped,
    noMailReason: notice,
    regarding: (body) => regardingLine(body, topics, items),
    extraOrigins: extraOriginsFrom(process.env),
    // The retry run names a wrong value in its log; here it only falls back to the default.
    retentionDays: retentionDaysFrom(process.env.CONTACT_RETENTION_DAYS, () => {}),
  });
};

export const config: Config = {
  // A literal, as Netlify's parser requires: routes.contactEndpoint of src/model/routes.ts, which
  // tests/unit/routes.test.ts keeps equal to it.
  path: '/api/send-contact-email',
  // Five posts a minute per visitor IP, whatever host name they go to: a 'domain' key would count
  // each deploy permalink and branch address apart (decision 0045). A list: Netlify's parser
  // turns a plain string into ['domain'], the whole site as one visitor.
  rateLimit: {
    windowLimit: 5,
    windowSize: 60,
    aggregateBy: ['ip'],
  },
};
