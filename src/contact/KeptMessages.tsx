/**
 * The messages kept in this browser's outbox (./outbox.ts), listed above the contact form until
 * each has been sent: what stands in its way, and what can be done (cancel it, or take a refused
 * one back into the form).
 */
import type { KeptEnquiry } from './outbox-store';
import type { ContactFormWords } from '../schemas/contact-form';

/** The first words of a kept message, to tell it from the others. */
const excerpt = (entry: KeptEnquiry) => {
  const text = String(entry.body.message ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

const smallButton =
  'shrink-0 rounded-full border border-brand-700 bg-paper px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/** The messages kept in this browser, each with what stands in its way and what can be done. */
export default function KeptMessages({
  kept,
  words,
  intro = true,
  onCancel,
  onEdit,
}: {
  kept: KeptEnquiry[];
  words: ContactFormWords['kept'];
  /** Whether to say when they go (not when the form's own notice above says it already). */
  intro?: boolean;
  onCancel: (entry: KeptEnquiry) => void;
  onEdit: (entry: KeptEnquiry) => void;
}) {
  return (
    <section aria-labelledby="kept-heading" className="mb-8 rounded-lg border border-line bg-mist px-4 py-3 text-sm">
      <h3 id="kept-heading" className="font-semibold">
        {words.heading}
      </h3>
      {intro && <p className="mt-1 text-muted">{words.text}</p>}
      <ul className="mt-3 space-y-3">
        {kept.map((entry) => (
          <li
            key={entry.id}
            data-kept={entry.id}
            className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-line bg-paper px-3 py-2"
          >
            <div className="min-w-0 flex-1">
              <p id={`kept-${entry.id}`} className="break-words">
                {excerpt(entry)}
              </p>
              <p className="mt-0.5 text-muted">
                <time dateTime={entry.keptAt}>
                  {new Date(entry.keptAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
                {' · '}
                {entry.refused ? (
                  <span className="font-medium text-red-700">
                    {words.refused} {entry.refused}
                  </span>
                ) : (
                  words.waiting
                )}
              </p>
            </div>
            {entry.refused ? (
              <span className="flex gap-2">
                <button
                  type="button"
                  className={smallButton}
                  aria-describedby={`kept-${entry.id}`}
                  onClick={() => onEdit(entry)}
                >
                  {words.edit}
                </button>
                <button
                  type="button"
                  className={smallButton}
                  aria-describedby={`kept-${entry.id}`}
                  onClick={() => onCancel(entry)}
                >
                  {words.remove}
                </button>
              </span>
            ) : (
              <button
                type="button"
                className={smallButton}
                aria-describedby={`kept-${entry.id}`}
                onClick={() => onCancel(entry)}
              >
                {words.cancel}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
