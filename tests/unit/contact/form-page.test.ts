/**
 * The page a visitor without JavaScript sees when the form needs correcting takes its words from
 * the contact form's content file, as the form itself does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderFormErrorPage } from '../../../src/lib/contact/form-page';
import { contactFormWords } from '../../../src/lib/contact/form-words';
import { routes } from '../../../src/lib/routes';
import type { ContactFormWords } from '../../../src/lib/schemas/contact-form';

const file = JSON.parse(readFileSync('src/content/contact-form.json', 'utf8')) as ContactFormWords;
const page = (words?: ContactFormWords) =>
  renderFormErrorPage({ error: 'Some fields need your attention', fields: { email: 'Email must be a valid e-mail address' }, values: { firstName: 'Ada', lastName: '', email: 'x' }, ...(words ? { words } : {}) });

describe('the correction page', () => {
  it('carries the words of src/content/contact-form.json', () => {
    expect(contactFormWords).toEqual(file);
    const html = page();
    expect(html).toContain(`<title>${file.correction.title}</title>`);
    expect(html).toContain(`<h1>${file.correction.title}</h1>`);
    for (const id of ['firstName', 'lastName', 'email', 'company', 'message'] as const) {
      expect(html).toMatch(new RegExp(`<label for="${id}">${file.labels[id]}`));
    }
    expect(html).toContain(`<button type="submit">${file.submitLabel}</button>`);
    expect(html).toContain(`<a href="${routes.contact}">${file.correction.backLabel}</a>`);
    expect(html).toContain(`action="${routes.contactEndpoint}"`);
  });

  it('shows whatever the editors write, escaped', () => {
    const words: ContactFormWords = {
      ...file,
      labels: { ...file.labels, email: 'E-mail <address>', optional: '(if you like)' },
      submitLabel: 'Try again',
      correction: { title: 'One more look', backLabel: 'Contact page' },
    };
    const html = page(words);
    expect(html).toContain('<label for="email">E-mail &lt;address&gt;</label>');
    expect(html).toContain(`<label for="company">${file.labels.company} (if you like)</label>`);
    expect(html).toContain('<h1>One more look</h1>');
    expect(html).toContain('<button type="submit">Try again</button>');
    expect(html).not.toContain(file.correction.title);
  });
});
