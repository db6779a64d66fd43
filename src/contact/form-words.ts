/**
 * The contact form's words, parsed once from src/content/contact-form.json. The contact page
 * and the contact function import this module, so the function's bundle carries the file as it
 * was at build time: nothing is read at run time. A mistake in the file stops the build (and
 * `npm run content:check`) with the file and the field named.
 */
import raw from '../content/contact-form.json';
import { parseOrExplain } from '../schemas/content-errors';
import { contactFormSchema, type ContactFormWords } from '../schemas/contact-form';

export const contactFormFile = 'src/content/contact-form.json';

export const contactFormWords: ContactFormWords = parseOrExplain(contactFormSchema, raw, contactFormFile);
