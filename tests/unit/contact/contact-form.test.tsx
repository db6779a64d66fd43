// @vitest-environment happy-dom
/**
 * The contact form renders every case from its props: empty, pre-filled, and refused with the
 * server's reasons and the visitor's values (what the page rendered on demand gives it).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import ContactForm, { type ContactFormProps } from '../../../src/contact/ContactForm';
import { contactFormWords } from '../../../src/contact/form-words';
import { contactLimits, honeypotField } from '../../../src/contact/message';
import { routes } from '../../../src/model/routes';
import { browserIdField } from '../../../src/contact/browser-id';
import topics from '../../../src/content/topics.json';

afterEach(cleanup);
const { bodyBytes: _bodyBytes, ...limits } = contactLimits;
const props: ContactFormProps = {
  endpoint: routes.contactEndpoint,
  text: contactFormWords,
  topics,
  subjects: {},
  limits,
  honeypotField,
  answerFrom: 'sales@example.com',
};
const { labels } = contactFormWords;
const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('ContactForm', () => {
  it('renders empty, posting to the contact function, without a box of reasons', () => {
    render(<ContactForm {...props} />);
    expect(
      screen.getByRole('button', { name: contactFormWords.submitLabel }).closest('form')?.getAttribute('action'),
    ).toBe(routes.contactEndpoint);
    expect(field(labels.firstName).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders pre-filled: topic chosen, item carried, message started', () => {
    const topic = topics[0]!;
    render(
      <ContactForm
        {...props}
        start={{ values: { topic: topic.id, about: 'a/b', message: 'Samples please' }, errors: {} }}
      />,
    );
    expect((screen.getByLabelText(labels.topic, { exact: false }) as HTMLSelectElement).value).toBe(topic.id);
    expect((document.querySelector('input[name="about"]') as HTMLInputElement).value).toBe('a/b');
    expect(field(labels.message).value).toBe('Samples please');
  });

  it('names what a link filled in, in a note the form is described by', () => {
    render(
      <ContactForm
        {...props}
        start={{
          values: { topic: topics[0]!.id, message: 'Samples please' },
          errors: {},
          prefilled: 'Lavender Oil (EOA-LAV-30)',
        }}
      />,
    );
    const note = contactFormWords.prefilled.replace('{subject}', 'Lavender Oil (EOA-LAV-30)');
    const form = screen.getByRole('button', { name: contactFormWords.submitLabel }).closest('form')!;
    expect(document.getElementById(form.getAttribute('aria-describedby')!)?.textContent).toBe(note);
  });

  it('marks the topics that ask for request details, and renders those fields, optional, in one group', () => {
    const html = renderToString(<ContactForm {...props} />);
    for (const topic of topics) {
      const option = new RegExp(`<option value="${topic.id}"( data-details="")?>`).exec(html);
      expect(option?.[1] !== undefined, topic.id).toBe(Boolean((topic as { details?: boolean }).details));
    }
    render(<ContactForm {...props} />);
    const group = screen.getByRole('group', { name: contactFormWords.details });
    expect(group.classList).toContain('request-details');
    for (const name of [labels.country, labels.quantity, labels.substrate]) {
      const input = field(name);
      expect(group.contains(input)).toBe(true);
      expect(input.required).toBe(false);
      expect(input.closest('p')?.textContent).toContain(labels.optional);
    }
  });

  it('renders refused: each reason under its field, described by it, the values kept, the id carried', () => {
    const id = crypto.randomUUID();
    render(
      <ContactForm
        {...props}
        start={{
          values: { firstName: 'Ada', email: 'ada@example', message: 'Keep me' },
          errors: { email: 'Email must be a valid e-mail address' },
          error: 'Some fields need your attention',
          messageId: id,
        }}
      />,
    );
    const email = field(labels.email);
    expect(email.value).toBe('ada@example');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Email must be a valid e-mail address',
    );
    expect(field(labels.firstName).getAttribute('aria-invalid')).toBeNull();
    expect(field(labels.message).value).toBe('Keep me');
    // The box of reasons is the page's, at the top of the form's section (ContactPage.astro).
    expect(screen.queryByRole('alert')).toBeNull();
    expect((document.querySelector(`input[type="hidden"][name="${browserIdField}"]`) as HTMLInputElement).value).toBe(
      id,
    );
  });

  it('counts the characters of a long message instead of cutting it', () => {
    const near = 'a'.repeat(Math.ceil(limits.message * 0.9));
    const over = 'é'.repeat(limits.message + 12);
    const count = () => document.querySelector('[data-message-count]')!.textContent;
    render(<ContactForm {...props} start={{ values: { message: 'short' }, errors: {} }} />);
    expect(field(labels.message).maxLength).toBe(-1);
    expect(count()).toBe('');
    cleanup();
    render(<ContactForm {...props} start={{ values: { message: near }, errors: {} }} />);
    expect(count()).toBe(
      contactFormWords.count.within
        .replace('{count}', near.length.toLocaleString('en'))
        .replace('{limit}', limits.message.toLocaleString('en')),
    );
    cleanup();
    render(<ContactForm {...props} start={{ values: { message: over }, errors: {} }} />);
    expect(count()).toBe(
      contactFormWords.count.over.replace('{over}', '12').replace('{limit}', limits.message.toLocaleString('en')),
    );
  });

  it('renders on the server what the visitor sent as text, escaped', () => {
    const html = renderToString(
      <ContactForm
        {...props}
        start={{
          values: { lastName: '<b>L</b>', message: '</textarea><script>x</script>' },
          errors: { email: '<i>no</i>' },
        }}
      />,
    );
    expect(html).toContain('value="&lt;b&gt;L&lt;/b&gt;"');
    expect(html).toContain('&lt;/textarea&gt;&lt;script&gt;x&lt;/script&gt;</textarea>');
    expect(html).toContain('&lt;i&gt;no&lt;/i&gt;');
    expect(html).not.toMatch(/<(b|i|script)>/);
  });
});
