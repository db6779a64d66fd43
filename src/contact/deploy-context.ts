/**
 * What each Netlify deploy context does with contact messages.
 *
 * Production, and local runs (`npm start`, `npm run dev`: context "dev", or none in tests and
 * scripts), keep messages in the store "contact-messages" and e-mail CONTACT_TO. Deploy previews,
 * branch deploys and any other context keep them in a store of their own,
 * "contact-messages-<context>", so a test message sent on a preview never sits among real
 * enquiries, and e-mail only when CONTACT_PREVIEW_TO names a mailbox for them: the production
 * mailbox never receives a preview's messages, whatever else is set.
 *
 * The context comes from the function's `context.deploy.context`; Netlify's build-time variable
 * CONTEXT is not given to functions at run time.
 */
import { mailFromEnvironment, type MailEnvironment } from './mail';
import { contextStoreName, isProductionContext } from '../server/deploy-store';

export const productionStoreName = 'contact-messages';

export interface ContactEnvironment extends MailEnvironment {
  /** Mailbox for messages sent from deploy previews and branch deploys; unset: they send none. */
  CONTACT_PREVIEW_TO?: string | undefined;
}

/** The Blobs store of a deploy context's messages (src/server/deploy-store.ts). */
export const contactStoreName = (deployContext: string | undefined): string =>
  contextStoreName(productionStoreName, deployContext);

/** The mailer and addresses a deploy context may use, or undefined with the reason it sends none. */
export function contactMailFor(
  deployContext: string | undefined,
  env: ContactEnvironment,
  fallbackTo: string,
): { mail: ReturnType<typeof mailFromEnvironment>; notice: string } {
  if (isProductionContext(deployContext)) {
    return { mail: mailFromEnvironment(env, fallbackTo), notice: 'SMTP_URL is not set' };
  }
  const to = env.CONTACT_PREVIEW_TO;
  return {
    mail: to ? mailFromEnvironment({ ...env, CONTACT_TO: to }, to) : undefined,
    notice: to ? 'SMTP_URL is not set' : `the ${deployContext} context e-mails only when CONTACT_PREVIEW_TO is set`,
  };
}

/** Origins besides a request's own that may post (src/server/http-request.ts). */
export { extraOriginsFrom } from '../server/http-request';
