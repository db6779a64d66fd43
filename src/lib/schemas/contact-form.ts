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
    kept: z
      .strictObject({
        title: text('Toast title when the message could not reach the server and is kept in the browser, e.g. "Your message is kept in this browser"'),
        text: text('Toast text, and the paragraph above the list of kept messages: when they will be sent'),
        heading: text('Heading of the list of kept messages, e.g. "Messages waiting to be sent"'),
        waiting: text('Beside a kept message that is waiting, e.g. "Waiting for the connection"'),
        cancel: text('Button that cancels a kept message, e.g. "Cancel sending"'),
        cancelled: text('Said when a kept message was cancelled'),
        sent: text('Said when a kept message has been sent later'),
        refused: text('Beside a kept message the server refused, before its reason, e.g. "Not sent, the server refused it:"'),
        edit: text('Button that puts a refused message back into the form, e.g. "Put back in the form"'),
        remove: text('Button that removes a refused message, e.g. "Remove"'),
      })
      .describe('With JavaScript, a message that could not reach the server is kept in the browser and sent later: these words tell the visitor, and list the kept messages above the form.'),
  })
  .describe('Every word of the contact form.');

export type ContactFormWords = z.infer<typeof contactFormSchema>;
