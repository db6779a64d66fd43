/**
 * The e-mail that carries a contact message to the company. Every visitor-supplied value is
 * escaped in the HTML body; single-line fields cannot hold line breaks (see message.ts), and
 * nodemailer encodes header values, so nothing a visitor types can add a header.
 */
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { KeptMessage } from './message';

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

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

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
 * `getSocket` (nodemailer's option) hands over an already open connection instead of one to the
 * URL's host; tests use it to reach a local server under a remote server's name.
 */
export function smtpMailer(url: string, { getSocket }: Pick<SMTPTransport.Options, 'getSocket'> = {}): Mailer {
  const secureFromStart = /^smtps:/i.test(url);
  const onThisMachine = URL.canParse(url) && loopbackHosts.has(new URL(url).hostname.toLowerCase());
  // nodemailer is loaded on the first e-mail only: without SMTP_URL it is never needed, and a
  // function that starts faster answers the visitor sooner.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(email) {
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
      await (await transport).sendMail(email);
    },
  };
}

export interface MailEnvironment {
  SMTP_URL?: string | undefined;
  CONTACT_TO?: string | undefined;
  CONTACT_FROM?: string | undefined;
}

/** The mailer and addresses from the environment, or undefined when SMTP_URL is not set. */
export function mailFromEnvironment(env: MailEnvironment, fallbackTo: string): { mailer: Mailer; settings: MailSettings } | undefined {
  if (!env.SMTP_URL) return undefined;
  const to = env.CONTACT_TO || fallbackTo;
  return { mailer: smtpMailer(env.SMTP_URL), settings: { to, from: env.CONTACT_FROM || to } };
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
