/**
 * The contact form, and its only rendering: empty on the static /contact page; pre-filled from
 * `?topic=&about=`, or with the server's reasons and the visitor's values after a refused post,
 * on the page rendered on demand (src/pages/contact/form.astro, given as `start`). Server-rendered
 * as a plain HTML form that posts to the endpoint, so it works without JavaScript; once hydrated
 * (the same markup) it sends JSON, shows toasts, disables itself while sending, clears on success
 * and keeps every value on failure.
 *
 * Once hydrated it also names each message with an id of its own and keeps it in the browser's
 * outbox (src/contact/outbox.ts) before sending it. Any answer of the server takes it out again:
 * sent, refused (the reasons under the fields), or failed (the specification's toast, every value
 * kept). A message that got no answer (no connection, none in time, the tab closed meanwhile) stays
 * there under that id, listed above the form until it has been sent (each can be cancelled), and
 * is sent again while the page is open, when the connection is back and on the next visit.
 */
import { useEffect, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type SubmitEvent } from 'react';
import { Toaster, toast } from 'sonner';
import SentConfirmation from './SentConfirmation';
import { joinName } from './name';
import { newBrowserId } from './browser-id';
import KeptMessages from './KeptMessages';
import { postEnquiry, type Attempt } from './outbox';
import type { KeptEnquiry } from './outbox-store';
import { useKeptMessages } from './useKeptMessages';
import { prefillFor, type PrefillTopic } from './prefill';
import {
  errorFieldInputs as fieldIds,
  errorFields,
  requestDetailFields as detailFields,
  type ErrorField,
  type RequestDetail,
} from './form-fields';
import { browserIdField } from './browser-id';
import { islandReadyAttribute, sendingLabelAttribute } from '../hydration/settled';
// Types only: erased from the island's bundle, so no schema or content code reaches the browser.
import type { contactLimits } from './message';
import type { ContactFormState, FormValues } from './form-post';
import type { ContactFormWords } from '../schemas/contact-form';

/** The form's words, from src/content/contact-form.json. */
export type ContactFormText = ContactFormWords;

export interface ContactFormProps {
  endpoint: string;
  text: ContactFormText;
  /** `details`: the topic also asks, optionally, where to send, how much, and for which substrate or process. */
  topics: (PrefillTopic & { label: string; details?: boolean | undefined })[];
  /** Technology and category names by slug, for the pre-filled sentence. */
  subjects: Record<string, string>;
  /** Longest value of each field (`contactLimits` of src/contact/message.ts). */
  limits: Record<Exclude<keyof typeof contactLimits, 'bodyBytes'>, number>;
  honeypotField: string;
  /** The mailbox that answers messages, named in the confirmation. */
  answerFrom: string;
  /** How the form starts, when not empty: pre-filled, or refused by the server. */
  start?: ContactFormState | undefined;
}

/**
 * How long the page's own attempt may go without an answer before the page says it is still trying
 * and that the message is kept: a phone's link answers a small post in a second or two.
 */
export const stillTryingAfterMs = 3_000;

const empty: FormValues = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  topic: '',
  about: '',
  country: '',
  quantity: '',
  substrate: '',
  message: '',
};
type Values = FormValues;

/** Attributes tying a field to its error message, when it has one. */
const described = (error: string | undefined, id: string) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span id={`${id}-error`} className="mt-1 block text-sm font-medium text-red-700">
      {error}
    </span>
  ) : null;
}

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-400 bg-paper px-3.5 py-2.5 text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-700 focus:ring-2 focus:ring-brand-700/30 focus:outline-none';

type TextFieldProps = {
  name: 'firstName' | 'lastName' | 'email' | 'company' | RequestDetail;
  label: string;
  /** The word that marks an optional field, if this one is. */
  optional?: string | undefined;
  /** The server's reason, shown under the field. */
  error?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'className'>;

/** A one-line field: its label, the input, and the server's reason under it. */
function TextField({ name, label, optional, error, type = 'text', ...input }: TextFieldProps) {
  return (
    <p>
      <label htmlFor={name} className="text-sm font-semibold">
        {label}
        {optional && (
          <>
            {' '}
            <span className="font-normal text-muted">{optional}</span>
          </>
        )}
      </label>
      <input id={name} name={name} type={type} {...input} className={inputClass} {...described(error, name)} />
      <FieldError id={name} error={error} />
    </p>
  );
}

/**
 * The values the form shows: on the server, those it starts with; when the island takes over,
 * what the visitor typed before, and what the page arrived with. /contact?topic=…&about=… is
 * answered pre-filled by the page rendered on demand (src/contact/integration.ts), so an item's name and codes
 * come with the page and the island needs no list of the whole catalogue. Read during the first
 * render in the browser, before React writes its own values into the fields.
 */
function valuesOnThePage(endpoint: string, start: Partial<Values> = {}): Values {
  const starting = { ...empty, ...start };
  if (typeof document === 'undefined') return starting;
  const form = document.querySelector<HTMLFormElement>(`form[action="${endpoint}"]`);
  if (!form) return starting;
  const data = new FormData(form);
  return Object.fromEntries(Object.keys(empty).map((key) => [key, String(data.get(key) ?? '')])) as Values;
}

// Over 100 lines on purpose: one island's state and the markup that reads it: the values, errors,
// sending and kept-message state, the early-form and lite-mode paths of a send, and the fields that
// show them share one set of hooks; split, each part would take most of them as props.
// eslint-disable-next-line max-lines-per-function -- why: the lines above
export default function ContactForm({
  endpoint,
  text,
  topics,
  subjects,
  limits,
  honeypotField,
  answerFrom,
  start,
}: ContactFormProps) {
  const { labels } = text;
  const [values, setValues] = useState<Values>(() => valuesOnThePage(endpoint, start?.values));
  const [sending, setSending] = useState(false);
  // The server's reason per field (400 "Some fields need your attention"), shown under each field.
  const [errors, setErrors] = useState<Partial<Record<ErrorField, string>>>(start?.errors ?? {});
  // What a link filled in (the topic and item the form was opened for), named above the form.
  const prefilled = start?.prefilled;
  // The last message sent from this page: its reference, shown above the emptied form.
  const [sent, setSent] = useState<{ reference: string | undefined } | undefined>();
  // What the page says of a message on its way while no answer has come: still trying (a slow or
  // stalled link), or kept (no answer at all); it stays until the message has gone.
  const [notice, setNotice] = useState<'trying' | 'kept' | undefined>();
  // The id of the message in the form: the page rendered on demand gives one (the form posted
  // without JavaScript carries it), and a message the server answered with an error keeps its id
  // while it is sent again unchanged, so if that answer came after the message was stored, the
  // second send stores nothing new. Any other message gets a new one.
  const [attemptId, setAttemptId] = useState<{ id: string; body?: string } | undefined>(() =>
    start?.messageId ? { id: start.messageId } : undefined,
  );

  const kept = useKeptMessages(endpoint, text.kept, (reference) => {
    setNotice(undefined);
    setSent({ reference });
  });

  /** A refused message back into the form, to correct and send again; it leaves the outbox. */
  async function editKept(entry: KeptEnquiry) {
    if (entry.values) setValues({ ...empty, ...(entry.values as Partial<Values>) });
    await kept.remove(entry.id);
    document.getElementById(fieldIds.name)?.focus();
  }

  /** The form after a message has gone (or waits in the outbox): empty, but for what it was opened for. */
  const afterSend = () => {
    setErrors({});
    setValues({ ...empty, topic: values.topic, about: values.about });
    setAttemptId(undefined);
  };

  // Once hydrated, the form says so: a send held before the island was ready goes now, by the
  // island (src/hydration/settled.ts).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.setAttribute(islandReadyAttribute, '');
  }, []);

  useEffect(() => {
    // Where nothing pre-filled the page (`npm run dev`), a technology or category named by
    // the address still starts the message; an item then reads as "your products".
    const start = prefillFor(window.location.search, topics, subjects, {});
    // The address is known only in the browser, after hydration: the server rendered the form
    // without it, so the values change here, once, rather than in useState's first value.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (start.message) setValues((v) => (v.message ? v : { ...v, ...start }));
  }, [topics, subjects]);

  const update =
    (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [field]: event.target.value }));

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get(honeypotField);
    setSending(true);
    // The request details go only with a topic that asks for them, as the form shows them.
    const details = topics.find((topic) => topic.id === values.topic)?.details
      ? Object.fromEntries(detailFields.filter((field) => values[field].trim()).map((field) => [field, values[field]]))
      : {};
    const body = {
      name: joinName(values.firstName, values.lastName),
      email: values.email,
      company: values.company,
      message: values.message,
      ...details,
      ...(values.topic ? { topic: values.topic } : {}),
      ...(values.about ? { about: values.about } : {}),
      ...(honeypot ? { [honeypotField]: honeypot } : {}),
    };
    // The message's own id, made before the first attempt (see `attemptId`).
    const sameBody = JSON.stringify(body);
    const id =
      attemptId && (attemptId.body === undefined || attemptId.body === sameBody) ? attemptId.id : newBrowserId();
    setAttemptId({ id, body: sameBody });
    setSent(undefined);
    let trying: ReturnType<typeof setTimeout> | undefined;
    try {
      // Kept before the first byte leaves: closing or reloading the tab from now on loses nothing,
      // and the next page of the site that opens online sends it under the same id.
      const keptFirst = await kept.keepBeforeSending(id, body, { values });
      // A link that stalls: the page says so while it goes on trying, and that the message is kept.
      if (keptFirst) trying = setTimeout(() => setNotice('trying'), stillTryingAfterMs);
      // The browser knows it has no connection: no attempt, the message waits at once.
      const attempt: Attempt =
        navigator.onLine === false
          ? { outcome: 'unreachable', reason: 'the browser is offline' }
          : await postEnquiry(fetch, id, body, { endpoint });
      kept.attemptOver(id);
      clearTimeout(trying);
      if (attempt.outcome === 'unreachable' && keptFirst) {
        // No answer at all: it waits in this browser, to be sent when the connection is back.
        await kept.waitForConnection();
        // Said by the form's status above it (read out as it changes), for as long as it waits.
        afterSend();
        setNotice('kept');
        return;
      }
      setNotice(undefined);
      // An answer (or no copy to wait with): the message leaves the outbox, whatever it said.
      await kept.remove(id);
      if (attempt.outcome === 'unreachable') throw new Error(`The message could not be sent: ${attempt.reason}`);
      if (attempt.outcome === 'busy') throw new Error(`The server could not take the message: ${attempt.reason}`);
      if (attempt.outcome === 'refused') {
        const { answer } = attempt;
        if (attempt.status === 400 && answer.fields && Object.keys(answer.fields).length > 0) {
          const fields = answer.fields as Partial<Record<ErrorField, string>>;
          setErrors(fields);
          toast.error(answer.error ?? text.failure.title);
          // The first field to correct, in the order of the form.
          const first = errorFields.find((field) => fields[field]);
          if (first) document.getElementById(fieldIds[first])?.focus();
          return;
        }
        throw new Error(`The server refused the message (${attempt.status}): ${attempt.reason}`);
      }
      toast.success(text.success.title, { description: text.success.text });
      afterSend();
      setSent({ reference: attempt.reference });
    } catch (error) {
      console.error('Error sending message:', error);
      toast.error(text.failure.title, { description: text.failure.text });
    } finally {
      clearTimeout(trying);
      setSending(false);
    }
  }

  // Counted as the server counts it (UTF-16 units, as `maxlength` does).
  const length = values.message.length;
  // The count shows from nine tenths of the limit, so a long message is never cut unseen.
  const counting = length >= limits.message * 0.9;
  // Kept, said while the message waits; once it has gone the confirmation says so instead.
  const waiting = kept.list.some((entry) => entry.refused === undefined);
  const shownNotice = notice === 'kept' && !waiting ? undefined : notice;
  return (
    <>
      {/* Always in the page, so that what it comes to say is read out when it changes. */}
      <div role="status" data-form-status={shownNotice ?? ''}>
        {shownNotice && (
          <p className="mb-4 rounded-lg border border-brand-700 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            <strong className="block font-semibold">{text.kept.title}</strong>
            {shownNotice === 'trying' ? text.kept.stillTrying : text.kept.text}
          </p>
        )}
      </div>
      {kept.list.length > 0 && (
        <KeptMessages
          kept={kept.list}
          words={text.kept}
          intro={!shownNotice}
          onCancel={(entry) => void kept.cancel(entry)}
          onEdit={(entry) => void editKept(entry)}
        />
      )}
      {sent && (
        <SentConfirmation
          key={sent.reference ?? 'sent'}
          words={text.confirmation}
          reference={sent.reference}
          answerFrom={answerFrom}
          focus
        />
      )}
      {prefilled && (
        <p
          id="contact-prefilled"
          className="mb-6 rounded-lg border border-line bg-mist px-4 py-3 text-sm font-medium text-brand-900"
        >
          {text.prefilled.replace('{subject}', prefilled)}
        </p>
      )}
      <form
        ref={form}
        method="post"
        action={endpoint}
        onSubmit={onSubmit}
        className="space-y-5"
        noValidate={false}
        aria-describedby={prefilled ? 'contact-prefilled' : undefined}
      >
        {/* The message's id, for the form posted without JavaScript (the server keeps each id once). */}
        <input type="hidden" name={browserIdField} value={attemptId?.id ?? ''} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="firstName"
            label={labels.firstName}
            autoComplete="given-name"
            required
            maxLength={limits.name}
            value={values.firstName}
            onChange={update('firstName')}
            error={errors.name}
          />
          <TextField
            name="lastName"
            label={labels.lastName}
            autoComplete="family-name"
            required
            maxLength={limits.name}
            value={values.lastName}
            onChange={update('lastName')}
          />
        </div>
        <TextField
          name="email"
          label={labels.email}
          type="email"
          autoComplete="email"
          required
          maxLength={limits.email}
          value={values.email}
          onChange={update('email')}
          error={errors.email}
        />
        <TextField
          name="company"
          label={labels.company}
          optional={labels.optional}
          autoComplete="organization"
          maxLength={limits.company}
          value={values.company}
          onChange={update('company')}
          error={errors.company}
        />
        <p>
          <label htmlFor="topic" className="text-sm font-semibold">
            {labels.topic} <span className="font-normal text-muted">{labels.optional}</span>
          </label>
          <select id="topic" name="topic" value={values.topic} onChange={update('topic')} className={inputClass}>
            <option value="">{labels.noTopic}</option>
            {topics.map((topic) => (
              <option key={topic.id} value={topic.id} data-details={topic.details ? '' : undefined}>
                {topic.label}
              </option>
            ))}
          </select>
          {/* The catalogue item the form was opened for; the server accepts known items only. */}
          <input type="hidden" name="about" value={values.about} />
        </p>
        {/* Shown while the chosen topic asks for them (the style of ContactPage.astro). */}
        <fieldset className="request-details space-y-5">
          <legend className="mb-3 text-sm font-semibold">{text.details}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="country"
              label={labels.country}
              optional={labels.optional}
              autoComplete="country-name"
              maxLength={limits.country}
              value={values.country}
              onChange={update('country')}
              error={errors.country}
            />
            <TextField
              name="quantity"
              label={labels.quantity}
              optional={labels.optional}
              maxLength={limits.quantity}
              value={values.quantity}
              onChange={update('quantity')}
              error={errors.quantity}
            />
          </div>
          <TextField
            name="substrate"
            label={labels.substrate}
            optional={labels.optional}
            maxLength={limits.substrate}
            value={values.substrate}
            onChange={update('substrate')}
            error={errors.substrate}
          />
        </fieldset>
        <p>
          <label htmlFor="message" className="text-sm font-semibold">
            {labels.message}
          </label>
          <textarea
            id="message"
            name="message"
            rows={5}
            required
            value={values.message}
            onChange={update('message')}
            className={inputClass}
            {...described(errors.message, 'message')}
          />
          <FieldError id="message" error={errors.message} />
          {/* No maxLength: the browser would cut pasted text unseen. The count says it instead. */}
          <span
            className={`mt-1 block text-sm ${length > limits.message ? 'font-medium text-red-700' : 'text-muted'}`}
            aria-live="polite"
            data-message-count
          >
            {counting &&
              (length > limits.message ? text.count.over : text.count.within)
                .replace('{count}', length.toLocaleString('en'))
                .replace('{limit}', limits.message.toLocaleString('en'))
                .replace('{over}', (length - limits.message).toLocaleString('en'))}
          </span>
        </p>
        {/* A field people never see or fill; robots that fill every field are answered and ignored. */}
        <p className="absolute -left-[10000px]" aria-hidden="true">
          <label htmlFor={honeypotField}>{labels.honeypot}</label>
          <input id={honeypotField} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </p>
        <button
          type="submit"
          disabled={sending}
          // Said by lite mode's link check, where this island does not run (src/hydration/settled.ts).
          {...{ [sendingLabelAttribute]: text.sendingLabel }}
          className="inline-flex w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
        >
          {sending ? text.sendingLabel : text.submitLabel}
        </button>
      </form>
      <Toaster position="top-center" richColors closeButton />
    </>
  );
}
