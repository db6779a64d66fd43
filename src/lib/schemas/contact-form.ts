/**
 * The contact form's own words (src/content/contact-form.json): its field labels, its button, the
 * messages after sending, and the box a visitor without JavaScript sees above the form when the
 * message was refused. One component renders the form in every case, so it reads the same with
 * and without JavaScript.
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
        title: text('Heading of the box above the form, e.g. "Please check your message"'),
      })
      .describe('Shown without JavaScript when the message was refused: a box above the form, with every value kept.'),
  })
  .describe('Every word of the contact form.');

export type ContactFormWords = z.infer<typeof contactFormSchema>;
