/**
 * What a visitor is told once a message has reached the company: its reference (the short code
 * that ends its id in the message store, which `npm run messages show` finds), what happens next, and the mailbox that
 * will answer. The contact form shows it above the emptied form after a send with JavaScript; the
 * thank-you page renders the same component, without JavaScript, after a plain form post.
 */
import { useEffect, useRef } from 'react';
import type { ContactFormWords } from '../schemas/contact-form';

export interface SentConfirmationProps {
  words: ContactFormWords['confirmation'];
  reference: string | undefined;
  answerFrom: string;
  /** Move focus to the heading when shown, so a screen reader reads it at once (in the form). */
  focus?: boolean;
  /** The heading's level: h3 inside the form's section, h2 on a page of its own. */
  level?: 'h2' | 'h3';
}

export default function SentConfirmation({
  words,
  reference,
  answerFrom,
  focus = false,
  level: Heading = 'h3',
}: SentConfirmationProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const [beforeEmail, afterEmail = ''] = words.answeredBy.split('{email}');
  return (
    // Not a named region: its name ("...your message...") would also answer to the form's "Message" label.
    <section className="mb-8 rounded-lg border border-line bg-mist px-4 py-3 text-left text-sm">
      <Heading ref={heading} tabIndex={-1} className="text-base font-semibold text-brand-900">
        {words.heading}
      </Heading>
      {reference && (
        <p className="mt-1 font-medium break-words" data-reference={reference}>
          {words.reference.replace('{reference}', reference)}
        </p>
      )}
      <p className="mt-1">{words.next}</p>
      <p className="mt-1">
        {beforeEmail}
        <a href={`mailto:${answerFrom}`} className="font-medium text-brand-800 underline">
          {answerFrom}
        </a>
        {afterEmail}
      </p>
    </section>
  );
}
