/**
 * The contact form's own words (src/content/contact-form.json): its field labels, its button, the
 * messages after sending, and the page a visitor without JavaScript sees when a field needs
 * correcting. The page and the contact function both read the file, so the form reads the same
 * with and without JavaScript.
 */
import { z } from 'astro/zod';
import { text } from './text';

const toast = (when: string) =>
  z.strictObject({ title: text(`Toast title ${when}`), text: text(`Toast text ${when}`) }).describe(`Message shown ${when}.`);

export const contactFormSchema = z
  .strictObject({
    labels: z
      .strictObject({
        firstName: text('Label of the first name field'),
        lastName: text('Label of the last name field'),
        name: text('Label of the one name field of an older form, shown on the correction page only'),
        email: text('Label of the e-mail field'),
        company: text('Label of the company field'),
        message: text('Label of the message field'),
        topic: text('Label of the topic list, e.g. "Topic"'),
        noTopic: text('First choice of the topic list, for no particular topic, e.g. "General enquiry"'),
        optional: text('Marker after the label of an optional field, e.g. "(optional)"'),
        honeypot: text('Label of the hidden field robots fill in; people never see it'),
      })
      .describe('The labels of the form fields.'),
    submitLabel: text('Submit button label, e.g. "Send Message"'),
    sendingLabel: text('Submit button label while sending, e.g. "Sending..."'),
    success: toast('when the form was sent'),
    failure: toast('when sending failed'),
    correction: z
      .strictObject({
        title: text('Heading and browser tab title of the page, e.g. "Please check your message"'),
        backLabel: text('Link back to the contact page'),
      })
      .describe('The page shown without JavaScript when a field needs correcting: the form again, with every value kept.'),
  })
  .describe('Every word of the contact form.');

export type ContactFormWords = z.infer<typeof contactFormSchema>;
