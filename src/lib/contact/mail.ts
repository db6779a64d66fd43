/**
 * The e-mail that carries a contact message to the company. Every visitor-supplied value is
 * escaped in the HTML body; single-line fields cannot hold line breaks (see message.ts), and
 * nodemailer encodes header values, so nothing a visitor types can add a header.
 */
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { KeptMessage } from './message';
import { escapeHtml } from '../text';

export interface MailSettings {
  to: string;
  from: string;
}

export interface OutgoingEmail {
  to: string;
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
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
  return typeof error === 'object' && error !== null && unreachableCodes.has(String((error as { code?: unknown }).code));
}

/**
 * How long a mailer stops trying after the mail server could not be reached. While the server is
 * down, each visitor would otherwise wait for a refused (or, worse, a timed-out: up to 8 s)
 * connection before being thanked, and each message would cost a second write to record the
 * failed attempt; the retry run sends them all once the server is back.
 */
export const unreachableBackoffMs = 30_000;

export function composeEmail(message: KeptMessage, settings: MailSettings, receivedAt: string): OutgoingEmail {
  const from = message.company ? `${message.name} (${message.company})` : message.name;
  const subject = message.regarding ? `${message.regarding}: website enquiry from ${from}` : `Website enquiry from ${from}`;
  const rows: [string, string][] = [
    ...(message.regarding ? [['Regarding', message.regarding] as [string, string]] : []),
    ['Name', message.name],
    ['Email', message.email],
    ['Company', message.company || '-'],
    ['Received', receivedAt],
  ];
  const text = `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nMessage:\n${message.message}\n`;
  const html = `<table>${rows
    .map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('')}</table><p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`;
  return { to: settings.to, from: settings.from, replyTo: message.email, subject, text, html };
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
  { getSocket, backoffMs = unreachableBackoffMs }: Pick<SMTPTransport.Options, 'getSocket'> & { backoffMs?: number } = {},
): Mailer {
  const secureFromStart = /^smtps:/i.test(url);
  const onThisMachine = URL.canParse(url) && loopbackHosts.has(new URL(url).hostname.toLowerCase());
  // nodemailer is loaded on the first e-mail only: without SMTP_URL it is never needed, and a
  // function that starts faster answers the visitor sooner.
  let transport: Promise<Transporter> | undefined;
  let unreachable: { until: number; reason: string } | undefined;
  return {
    async send(email) {
      if (unreachable && Date.now() < unreachable.until) {
        throw new MailDeferred(`not tried: the mail server could not be reached ${unreachable.reason}`);
      }
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
          unreachable = { until: Date.now() + backoffMs, reason: `at ${new Date().toISOString()} (${message.slice(0, 120)})` };
        }
        throw error;
      }
    },
  };
}

export interface MailEnvironment {
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
export function mailFromEnvironment(env: MailEnvironment, fallbackTo: string): { mailer: Mailer; settings: MailSettings } | undefined {
  if (!env.SMTP_URL) return undefined;
  const to = env.CONTACT_TO || fallbackTo;
  return { mailer: sharedSmtpMailer(env.SMTP_URL), settings: { to, from: env.CONTACT_FROM || to } };
}

/**
 * Whether a delivery error is the mail server refusing this message for good, so that sending
 * it again would be refused again: an SMTP reply of class 5xx (nodemailer's `responseCode`; it
 * also marks 503, "bad sequence of commands", as not permanent in `permanent`). A refused login
 * (nodemailer's code EAUTH) is not counted, although its reply is 5xx too: that is a setting to
 * correct, after which the very same message goes through, so it keeps being retried.
 */
export function isPermanentRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode, permanent } = error as { code?: unknown; responseCode?: unknown; permanent?: unknown };
  // A refused login or a server without STARTTLS is the site's set-up, not the message: once the
  // setting is fixed, the same message goes through, so it stays pending.
  if (code === 'EAUTH' || code === 'ETLS' || typeof responseCode !== 'number') return false;
  if (typeof permanent === 'boolean') return permanent;
  return responseCode >= 500 && responseCode < 600 && responseCode !== 503;
}
