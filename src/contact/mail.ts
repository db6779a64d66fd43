/**
 * The e-mail that carries a contact message to the company, and the digest that carries several
 * held back by the hourly cap (mail-cap.ts). Every visitor-supplied value is escaped in the HTML
 * body; single-line fields cannot hold line breaks (see message.ts), and nodemailer encodes
 * header values, so nothing a visitor types can add a header. Each message is named by its
 * reference (reference.ts), in the subject of its own e-mail and on the first line of its part.
 */
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { KeptMessage } from './message';
import { requestDetailFields, requestDetailLabels } from './form-fields';
import { escapeHtml } from '../text/text';
import { siteUrl, type SiteUrlEnvironment } from '../model/site-url';
import { referenceOf } from './reference';

export interface MailSettings {
  to: string;
  from: string;
  /** The site's host name, for the e-mail's Message-ID: `<message id@domain>`. */
  domain: string;
}

export interface OutgoingEmail {
  to: string;
  from: string;
  /** The visitor's address; a digest from several visitors has none (each part links to its sender). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /**
   * `<message id@site domain>`: the same for every attempt to send one message, so that if a
   * copy ever goes out twice (a crash between the server's acceptance and "mark sent"), mail
   * systems see one message and can merge the copies.
   */
  messageId: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
  /**
   * Why the mailer would not try just now (it would throw MailDeferred), or undefined. Asked
   * before an e-mail of the hourly cap is taken (mail-cap.ts), so that no slot goes to an e-mail
   * that would not be tried.
   */
  deferral?(): string | undefined;
}

/**
 * Thrown by a mailer that did not try: the mail server could not be reached a moment ago. The
 * message is not counted as attempted; it stays pending for the retry run.
 */
export class MailDeferred extends Error {
  override name = 'MailDeferred';
}

/**
 * nodemailer's codes for a server that could not be reached or dropped the connection, as
 * opposed to one that answered and refused (those carry an SMTP reply code) or a setting to fix.
 */
const unreachableCodes = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']);

export function isUnreachable(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && unreachableCodes.has(String((error as { code?: unknown }).code))
  );
}

/**
 * How long a mailer stops trying after the mail server could not be reached. While the server is
 * down, each visitor would otherwise wait for a refused (or, worse, a timed-out: up to 8 s)
 * connection before being thanked, and each message would cost a second write to record the
 * failed attempt; the retry run sends them all once the server is back.
 */
export const unreachableBackoffMs = 30_000;

/** The Message-ID of a stored message's e-mail: its id at the site's domain. */
export const messageIdOf = (id: string, domain: string) => `<${id}@${domain}>`;

const detailRows = (message: KeptMessage): [string, string][] =>
  requestDetailFields.flatMap((field) =>
    message[field] ? [[requestDetailLabels[field], message[field]] as [string, string]] : [],
  );

/** The rows of one message's part: its reference, what it is about, who wrote, the details, when it arrived. */
function rowsOf(message: KeptMessage, { id, receivedAt }: { id: string; receivedAt: string }): [string, string][] {
  return [
    ['Reference', referenceOf(id)],
    ...(message.regarding ? [['Regarding', message.regarding] as [string, string]] : []),
    ['Name', message.name],
    ['Email', message.email],
    ['Company', message.company || '-'],
    // A sample or data-sheet request's details, those the visitor filled in.
    ...detailRows(message),
    ['Received', receivedAt],
  ];
}

const textOf = (rows: [string, string][], message: KeptMessage, quote = false) =>
  `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nMessage:\n${quote ? quotedText(message.message) : message.message}\n`;

/** One line of a visitor's text in a digest: quoted, as replies quote ("> "), so that it starts as no line of the digest's own does. */
export const quotedLine = (line: string) => (line ? `> ${line}` : '>');

/**
 * A visitor's text as the digest's plain-text part carries it: every line quoted, so that no line
 * of it can pass for the digest's own (its divider, "Message 2 of 3", "Reference: …") and write
 * a fake message into it.
 */
export const quotedText = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map(quotedLine)
    .join('\n');

const htmlOf = (rows: [string, string][], message: KeptMessage) =>
  `<table>${rows
    .map(([k, v]) =>
      k === 'Email'
        ? `<tr><th align="left">${k}</th><td><a href="mailto:${escapeHtml(v)}">${escapeHtml(v)}</a></td></tr>`
        : `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table><p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`;

export function composeEmail(
  message: KeptMessage,
  settings: MailSettings,
  stored: { id: string; receivedAt: string },
): OutgoingEmail {
  const from = message.company ? `${message.name} (${message.company})` : message.name;
  const subject = `${message.regarding ? `${message.regarding}: website enquiry` : 'Website enquiry'} from ${from}, ref. ${referenceOf(stored.id)}`;
  const rows = rowsOf(message, stored);
  return {
    to: settings.to,
    from: settings.from,
    replyTo: message.email,
    subject,
    text: textOf(rows, message),
    html: htmlOf(rows, message),
    messageId: messageIdOf(stored.id, settings.domain),
  };
}

/** A message as the digest reads it: its id, its arrival and what the visitor wrote. */
export interface DigestPart {
  id: string;
  receivedAt: string;
  message: KeptMessage;
}

/** The Message-ID of a digest: from its first message and its size, the same for the same digest. */
export const digestMessageIdOf = (parts: readonly { id: string }[], domain: string) =>
  `<digest-${parts[0]!.id}-${parts.length}@${domain}>`;

/**
 * One e-mail that carries several messages held back by the hourly cap, oldest first, each with
 * its reference, who wrote (a mailto link in the HTML), the company, what it is about, its details
 * and its text. Reply-To is the visitors' address when they all wrote from one; otherwise there is
 * none, so that a reply never goes to several visitors at once.
 */
export function composeDigest(parts: readonly DigestPart[], settings: MailSettings, perHour?: number): OutgoingEmail {
  if (!parts.length) throw new Error('a digest needs at least one message');
  const senders = new Set(parts.map((p) => p.message.email.toLowerCase()));
  const why =
    perHour === undefined
      ? 'These messages were held back by the hourly limit on e-mails and come together in this one.'
      : `More than ${perHour} e-mails an hour would have gone out, so these messages were held back and come together in this one.`;
  const intro = `${why} Each is in the message store too (npm run messages -- show <reference>). Reply to each sender at their own address.`;
  const divider = `\n${'-'.repeat(60)}\n`;
  const text = `${intro}\n${divider}${parts
    .map((p, i) => `Message ${i + 1} of ${parts.length}\n${textOf(rowsOf(p.message, p), p.message, true)}`)
    .join(divider)}`;
  const html = `<p>${escapeHtml(intro)}</p>${parts
    .map(
      (p, i) =>
        `<hr><h2>Message ${i + 1} of ${parts.length}: ${escapeHtml(referenceOf(p.id))}</h2>${htmlOf(rowsOf(p.message, p), p.message)}`,
    )
    .join('')}`;
  return {
    to: settings.to,
    from: settings.from,
    ...(senders.size === 1 ? { replyTo: parts[0]!.message.email } : {}),
    subject: `Website enquiries: ${parts.length} messages in one e-mail (hourly limit reached), ref. ${parts
      .slice(0, 3)
      .map((p) => referenceOf(p.id))
      .join(', ')}${parts.length > 3 ? ', ...' : ''}`,
    text,
    html,
    messageId: digestMessageIdOf(parts, settings.domain),
  };
}

/** Host names of this machine, as a URL spells them. */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A mailer over SMTP, configured by a URL such as smtp://user:pass@host:587.
 *
 * Over `smtp:` the connection must turn to TLS with STARTTLS (`requireTLS`): if the server does
 * not offer it, or someone on the way strips the offer, nothing is sent, rather than the password
 * and the message in plain text; the message stays pending for the retry function. `smtps:` is
 * TLS from the first byte. One exception: a server on this machine (localhost, 127.0.0.1, ::1)
 * may speak plain SMTP, because loopback traffic never leaves the machine; local relays and the
 * test suite's server are such servers.
 *
 * After a failure to reach the server, the mailer does not try again for `backoffMs` and throws
 * MailDeferred instead (see unreachableBackoffMs); any other failure leaves it trying.
 *
 * `getSocket` (nodemailer's option) hands over an already open connection instead of one to the
 * URL's host; tests use it to reach a local server under a remote server's name.
 */
export function smtpMailer(
  url: string,
  {
    getSocket,
    backoffMs = unreachableBackoffMs,
  }: Pick<SMTPTransport.Options, 'getSocket'> & { backoffMs?: number } = {},
): Mailer {
  const secureFromStart = /^smtps:/i.test(url);
  const onThisMachine = URL.canParse(url) && loopbackHosts.has(new URL(url).hostname.toLowerCase());
  // nodemailer is loaded on the first e-mail only: without SMTP_URL it is never needed, and a
  // function that starts faster answers the visitor sooner.
  let transport: Promise<Transporter> | undefined;
  let unreachable: { until: number; reason: string } | undefined;
  const deferral = () =>
    unreachable && Date.now() < unreachable.until
      ? `not tried: the mail server could not be reached ${unreachable.reason}`
      : undefined;
  return {
    deferral,
    async send(email) {
      const reason = deferral();
      if (reason) throw new MailDeferred(reason);
      transport ??= import('nodemailer').then(({ createTransport }) =>
        createTransport({
          url,
          requireTLS: !secureFromStart && !onThisMachine,
          ...(getSocket ? { getSocket } : {}),
          // A slow mail server must not hold the visitor: the message is already stored.
          connectionTimeout: 8_000,
          greetingTimeout: 8_000,
          socketTimeout: 10_000,
        }),
      );
      try {
        await (await transport).sendMail(email);
        unreachable = undefined;
      } catch (error) {
        if (isUnreachable(error)) {
          const message = error instanceof Error ? error.message : String(error);
          unreachable = {
            until: Date.now() + backoffMs,
            reason: `at ${new Date().toISOString()} (${message.slice(0, 120)})`,
          };
        }
        throw error;
      }
    },
  };
}

export interface MailEnvironment extends SiteUrlEnvironment {
  SMTP_URL?: string | undefined;
  CONTACT_TO?: string | undefined;
  CONTACT_FROM?: string | undefined;
}

/**
 * One mailer per SMTP URL for the life of the function instance. Each request asks for the
 * mailer afresh (the deploy context decides which one), and building a nodemailer transport per
 * message cost more CPU than the rest of the message's work together; a transport keeps no
 * connection open between messages, so sharing it changes nothing else.
 */
const mailersByUrl = new Map<string, Mailer>();

function sharedSmtpMailer(url: string): Mailer {
  let mailer = mailersByUrl.get(url);
  if (!mailer) {
    mailer = smtpMailer(url);
    mailersByUrl.set(url, mailer);
  }
  return mailer;
}

/** The mailer and addresses from the environment, or undefined when SMTP_URL is not set. */
export function mailFromEnvironment(
  env: MailEnvironment,
  fallbackTo: string,
): { mailer: Mailer; settings: MailSettings } | undefined {
  if (!env.SMTP_URL) return undefined;
  const to = env.CONTACT_TO || fallbackTo;
  return {
    mailer: sharedSmtpMailer(env.SMTP_URL),
    settings: { to, from: env.CONTACT_FROM || to, domain: new URL(siteUrl(env)).hostname },
  };
}

/**
 * Enhanced status codes (RFC 3463) that speak of the site's set-up or the mail service, not of the
 * message: addresses (5.1.x), the mailbox (5.2.x: full, disabled), the mail system and routing
 * (5.4.x, with 5.4.5, a sending quota), the protocol (5.5.x) and login (5.7.0, 5.7.8, 5.7.9).
 */
const siteStatus = /\b5\.(?:[1245]\.\d{1,3}|7\.[089])\b/;
/** Words of replies that refuse for a quota, a rate, a pause or a suspended account. */
const siteWords = /quota|sending limit|rate limit|throttl|too many|paus|suspend|disabled|try again/i;

/**
 * Whether a delivery error is the mail server refusing this message for its content, so that
 * sending it again would be refused again: a 5xx reply (nodemailer's `responseCode`) to the
 * message itself (nodemailer's code EMESSAGE: after its data was sent), such as "554 5.6.0
 * Message content rejected", "552 5.3.4 Message too big" or "550 5.7.1 Message rejected as spam".
 *
 * Everything else is the site's problem, and the message stays pending, tried again with
 * backoff, until the setting is corrected or the limit lifts (the retry run alerts on it):
 * a refused sender or recipient (EENVELOPE), a refused login (EAUTH), a server without STARTTLS
 * (ETLS), and replies that speak of a quota, a throttle or a paused account, whatever their
 * code ("550 5.4.5 Daily sending limit exceeded", "554 Sending paused").
 */
export function isPermanentRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode, response } = error as { code?: unknown; responseCode?: unknown; response?: unknown };
  if (code !== 'EMESSAGE' || typeof responseCode !== 'number' || responseCode < 500 || responseCode >= 600)
    return false;
  const reply = typeof response === 'string' ? response : error instanceof Error ? error.message : '';
  return !siteStatus.test(reply) && !siteWords.test(reply);
}
