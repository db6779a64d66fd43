/**
 * What the contact page rendered on demand (src/pages/contact/form.astro) shows for a request:
 * the form empty, pre-filled from `?topic=&about=`, or, for a form posted without JavaScript
 * that was refused, with the reasons and every value kept. It reads a post with the same
 * functions as the contact function (request.ts, message.ts, handler.ts) and writes nothing:
 * a valid message goes on to the function (307, same body), which alone stores and e-mails,
 * within its rate limit.
 */
import { fieldsError, isRobot, normalise, readContactRequest, unsavedError, unsavedQuery } from './request';
import { validateContactMessage, type FieldErrors } from './message';
import { prefillFor, type PrefillTopic } from './prefill';
import { routes } from '../model/routes';
import { errorFields, type ErrorField } from './form-fields';
import { browserIdField, isBrowserId, newBrowserId } from './browser-id';

/** The fields of the form, as the form posts them. */
export const formFields = [
  'firstName',
  'lastName',
  'email',
  'company',
  'topic',
  'about',
  'country',
  'quantity',
  'substrate',
  'message',
] as const;
export type FormValues = Record<(typeof formFields)[number], string>;

export { errorFields, type ErrorField };

/** How the form starts: its values, the reason per field, and what was said of the whole. */
export interface ContactFormState {
  values: Partial<FormValues>;
  errors: Partial<Record<ErrorField, string>>;
  error?: string;
  /** What a link filled in (an item's name and codes, a technology, a category or a topic), for the note above the form. */
  prefilled?: string;
  /**
   * The message's id (browser-id.ts), in a hidden field of the form: a page rendered for one
   * visitor (never cached) gives its form one, so the form posted without JavaScript is kept
   * once however often it is posted; a refused post keeps the id it came with.
   */
  messageId?: string;
}

export type FormPageAnswer =
  { kind: 'page'; status: number; state: ContactFormState } | { kind: 'redirect'; status: 303 | 307; location: string };

/** The posted values the form shows again: known fields, as text. An older form's `name` fills the first name. */
export function keptValues(body: Record<string, unknown>): Partial<FormValues> {
  const values: Partial<FormValues> = {};
  for (const field of formFields) if (typeof body[field] === 'string') values[field] = body[field];
  if (values.firstName === undefined && values.lastName === undefined && typeof body.name === 'string')
    values.firstName = body.name;
  return values;
}

const knownErrors = (fields: FieldErrors): ContactFormState['errors'] => {
  const errors: ContactFormState['errors'] = {};
  for (const field of errorFields) if (fields[field]) errors[field] = fields[field];
  return errors;
};

export interface FormPageData {
  topics: readonly PrefillTopic[];
  /** Technology and category names by slug. */
  subjects: Readonly<Record<string, string>>;
  /** Each catalogue item's name and codes by "<category>/<item>". */
  items: Readonly<Record<string, string>>;
  /** Origins besides the request's own that may post. */
  extraOrigins?: readonly string[];
}

/** The answer to a GET (pre-filled from the query) or a POST (the form, refused) of the page. */
export async function formPageAnswer(request: Request, data: FormPageData): Promise<FormPageAnswer> {
  const url = new URL(request.url);
  if (request.method !== 'POST') {
    const { topic, about, message, named } = prefillFor(url.search, data.topics, data.subjects, data.items);
    const messageId = newBrowserId();
    return {
      kind: 'page',
      status: 200,
      state: topic
        ? { values: { topic, about, message }, errors: {}, prefilled: named, messageId }
        : { values: {}, errors: {}, messageId },
    };
  }
  const read = await readContactRequest(request, data.extraOrigins);
  if (!read.ok) return { kind: 'page', status: read.status, state: { values: {}, errors: {}, error: read.error } };
  // Not a form: the function answers other clients.
  if (read.format !== 'form') return { kind: 'redirect', status: 307, location: routes.contactEndpoint };
  if (isRobot(read.body)) return { kind: 'redirect', status: 303, location: routes.contactThanks };
  const values = keptValues(read.body);
  const posted = read.body[browserIdField];
  const messageId = isBrowserId(posted) ? posted : newBrowserId();
  const validation = validateContactMessage(normalise(read.body, read.format));
  if (!validation.ok)
    return {
      kind: 'page',
      status: 400,
      state: { values, errors: knownErrors(validation.fields), error: fieldsError, messageId },
    };
  if (url.searchParams.has(unsavedQuery))
    return { kind: 'page', status: 503, state: { values, errors: {}, error: unsavedError, messageId } };
  return { kind: 'redirect', status: 307, location: routes.contactEndpoint };
}
