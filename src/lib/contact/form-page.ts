/**
 * The page a visitor without JavaScript sees when the form needs correcting: the errors and the
 * form again with every value kept. It is small and self-contained (no build assets), because
 * the function that renders it does not know the hashed stylesheet names. Its words are the
 * form's own (src/content/contact-form.json), which the function's bundle carries.
 */
import { cspHash } from '../csp';
import { escapeHtml } from '../text';
import { contactLimits, honeypotField, type FieldErrors } from './message';
import { routes } from '../routes';
import type { ContactFormWords } from '../schemas/contact-form';
import { contactFormWords } from './form-words';

/** The page's only stylesheet, inline; the policy below allows exactly this text. */
const pageStyle = `body{font:16px/1.5 system-ui,sans-serif;color:#0f172a;max-width:40rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.75rem}
.box{border:1px solid #fecaca;background:#fef2f2;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}label{display:block;font-weight:600;margin-bottom:.25rem}
input,textarea{width:100%;box-sizing:border-box;font:inherit;padding:.6rem .75rem;border:1px solid #94a3b8;border-radius:.5rem}
.err{display:block;color:#b91c1c;font-size:.9rem}button{font:inherit;font-weight:600;background:#0b6e69;color:#fff;border:0;border-radius:999px;padding:.7rem 1.5rem}
.hp{position:absolute;left:-10000px}a{color:#0d5855}`;

/**
 * The Content Security Policy of this page, sent with it by the function (Netlify applies the
 * netlify.toml headers to static files only). The page needs its inline style, the site's icon
 * and to post its form to this site; it runs no script, loads nothing else, and is never framed.
 */
export const formErrorPagePolicy = [
  "default-src 'none'",
  `style-src '${cspHash(pageStyle)}'`,
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

interface FormErrorPage {
  error: string;
  fields: FieldErrors;
  values: Record<string, unknown>;
  /** The form's words; those of src/content/contact-form.json unless given. */
  words?: ContactFormWords;
}

const value = (values: Record<string, unknown>, key: string) => escapeHtml(typeof values[key] === 'string' ? (values[key] as string) : '');

export function renderFormErrorPage({ error, fields, values, words = contactFormWords }: FormErrorPage): string {
  const nameError = fields.name;
  const { labels, correction } = words;
  const input = (id: string, label: string, type: string, required: boolean, max: number, fieldError?: string) => `
    <p><label for="${id}">${escapeHtml(label)}${required ? '' : ` ${escapeHtml(labels.optional)}`}</label>
    <input id="${id}" name="${id}" type="${type}" maxlength="${max}" value="${value(values, id)}"${required ? ' required' : ''}${
      fieldError ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
    }>${fieldError ? `<span class="err" id="${id}-error">${escapeHtml(fieldError)}</span>` : ''}</p>`;
  const list = Object.values(fields)
    .map((message) => `<li>${escapeHtml(message)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(correction.title)}</title>
<style>${pageStyle}</style></head>
<body><main><h1>${escapeHtml(correction.title)}</h1>
<div class="box" role="alert"><p><strong>${escapeHtml(error)}</strong></p>${list ? `<ul>${list}</ul>` : ''}</div>
<form method="post" action="${routes.contactEndpoint}">
${
  values.firstName !== undefined || values.lastName !== undefined
    ? input('firstName', labels.firstName, 'text', true, contactLimits.name, nameError) + input('lastName', labels.lastName, 'text', true, contactLimits.name)
    : input('name', labels.name, 'text', true, contactLimits.name, nameError)
}
${input('email', labels.email, 'email', true, contactLimits.email, fields.email)}
${input('company', labels.company, 'text', false, contactLimits.company, fields.company)}
<p><label for="message">${escapeHtml(labels.message)}</label><textarea id="message" name="message" rows="5" maxlength="${contactLimits.message}" required${
    fields.message ? ' aria-invalid="true" aria-describedby="message-error"' : ''
  }>${value(values, 'message')}</textarea>${fields.message ? `<span class="err" id="message-error">${escapeHtml(fields.message)}</span>` : ''}</p>
${['topic', 'about'].map((key) => (typeof values[key] === 'string' && values[key] ? `<input type="hidden" name="${key}" value="${value(values, key)}">` : '')).join('')}
<p class="hp" aria-hidden="true"><label for="${honeypotField}">${escapeHtml(labels.honeypot)}</label><input id="${honeypotField}" name="${honeypotField}" tabindex="-1" autocomplete="off"></p>
<p><button type="submit">${escapeHtml(words.submitLabel)}</button></p></form>
<p><a href="${routes.contact}">${escapeHtml(correction.backLabel)}</a></p></main></body></html>`;
}
