/**
 * The contact form. Server-rendered as a plain HTML form that posts to the endpoint, so it works
 * without JavaScript; once hydrated it sends JSON, shows toasts, disables itself while sending,
 * clears on success and keeps every value on failure.
 */
import { useEffect, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Toaster, toast } from 'sonner';
import { joinName } from '../../lib/contact/name';
import { prefillFor, type PrefillTopic } from '../../lib/contact/prefill';
// Types only: erased from the island's bundle, so no schema or content code reaches the browser.
import type { contactLimits } from '../../lib/contact/message';
import type { ContactFormWords } from '../../lib/schemas/contact-form';

/** The form's words, from src/content/contact-form.json. */
export type ContactFormText = Omit<ContactFormWords, 'correction'>;

export interface ContactFormProps {
  endpoint: string;
  text: ContactFormText;
  topics: (PrefillTopic & { label: string })[];
  /** Technology and category names by slug, for the pre-filled sentence. */
  subjects: Record<string, string>;
  /** Catalogue items' names and codes by "<category>/<item>", for the pre-filled message. */
  items: Record<string, string>;
  /** Label of the topic list, and of its first choice (no particular topic). */
  topicText: { label: string; none: string };
  /** Longest value of each field (`contactLimits` of src/lib/contact/message.ts). */
  limits: Record<Exclude<keyof typeof contactLimits, 'bodyBytes'>, number>;
  honeypotField: string;
}

const empty = { firstName: '', lastName: '', email: '', company: '', topic: '', about: '', message: '' };
type Values = typeof empty;

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-400 bg-paper px-3.5 py-2.5 text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-700 focus:ring-2 focus:ring-brand-700/30 focus:outline-none';

export default function ContactForm({ endpoint, text, topics, subjects, items, topicText, limits, honeypotField }: ContactFormProps) {
  const { labels } = text;
  const [values, setValues] = useState<Values>(empty);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const start = prefillFor(window.location.search, topics, subjects, items);
    if (start.message) setValues((v) => (v.message ? v : { ...v, ...start }));
  }, [topics, subjects, items]);

  const update = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get(honeypotField);
    setSending(true);
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          name: joinName(values.firstName, values.lastName),
          email: values.email,
          company: values.company,
          message: values.message,
          ...(values.topic ? { topic: values.topic } : {}),
          ...(values.about ? { about: values.about } : {}),
          ...(honeypot ? { [honeypotField]: honeypot } : {}),
        }),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`The server answered ${response.status}${detail ? `: ${detail}` : ''}`);
      }
      toast.success(text.success.title, { description: text.success.text });
      setValues(empty);
    } catch (error) {
      console.error('Error sending message:', error);
      toast.error(text.failure.title, { description: text.failure.text });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <form method="post" action={endpoint} onSubmit={onSubmit} className="space-y-5" noValidate={false}>
        <div className="grid gap-5 sm:grid-cols-2">
          <p>
            <label htmlFor="firstName" className="text-sm font-semibold">
              {labels.firstName}
            </label>
            <input id="firstName" name="firstName" type="text" autoComplete="given-name" required maxLength={limits.name} value={values.firstName} onChange={update('firstName')} className={inputClass} />
          </p>
          <p>
            <label htmlFor="lastName" className="text-sm font-semibold">
              {labels.lastName}
            </label>
            <input id="lastName" name="lastName" type="text" autoComplete="family-name" required maxLength={limits.name} value={values.lastName} onChange={update('lastName')} className={inputClass} />
          </p>
        </div>
        <p>
          <label htmlFor="email" className="text-sm font-semibold">
            {labels.email}
          </label>
          <input id="email" name="email" type="email" autoComplete="email" required maxLength={limits.email} value={values.email} onChange={update('email')} className={inputClass} />
        </p>
        <p>
          <label htmlFor="company" className="text-sm font-semibold">
            {labels.company} <span className="font-normal text-muted">{labels.optional}</span>
          </label>
          <input id="company" name="company" type="text" autoComplete="organization" maxLength={limits.company} value={values.company} onChange={update('company')} className={inputClass} />
        </p>
        <p>
          <label htmlFor="topic" className="text-sm font-semibold">
            {topicText.label} <span className="font-normal text-muted">(optional)</span>
          </label>
          <select id="topic" name="topic" value={values.topic} onChange={update('topic')} className={inputClass}>
            <option value="">{topicText.none}</option>
            {topics.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.label}
              </option>
            ))}
          </select>
          {/* The catalogue item the form was opened for; the server accepts known items only. */}
          <input type="hidden" name="about" value={values.about} />
        </p>
        <p>
          <label htmlFor="message" className="text-sm font-semibold">
            {labels.message}
          </label>
          <textarea id="message" name="message" rows={5} required maxLength={limits.message} value={values.message} onChange={update('message')} className={inputClass} />
        </p>
        {/* A field people never see or fill; robots that fill every field are answered and ignored. */}
        <p className="absolute -left-[10000px]" aria-hidden="true">
          <label htmlFor={honeypotField}>{labels.honeypot}</label>
          <input id={honeypotField} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </p>
        <button
          type="submit"
          disabled={sending}
          className="inline-flex w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
        >
          {sending ? text.sendingLabel : text.submitLabel}
        </button>
      </form>
      <Toaster position="top-center" richColors closeButton />
    </>
  );
}
