/**
 * The contact form's own words (src/content/contact-form.json): its field labels, its button, the
 * messages after sending, and the box a visitor without JavaScript sees above the form when the
 * message was refused. One component renders the form in every case, so it reads the same with
 * and without JavaScript.
 */
import { z } from 'astro/zod';
import { text } from './text';

const toast = (when: string) =>
  z
    .strictObject({ title: text(`Toast title ${when}`), text: text(`Toast text ${when}`) })
    .describe(`Message shown ${when}.`);

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
        country: text(
          'Label of the optional field for the country a sample goes to (shown for topics with details), e.g. "Country to send to"',
        ),
        quantity: text('Label of the optional quantity field (shown for topics with details), e.g. "Quantity"'),
        substrate: text(
          'Label of the optional substrate or process field (shown for topics with details), e.g. "Substrate or process"',
        ),
      })
      .describe('The labels of the form fields.'),
    details: text(
      'Heading of the optional fields shown for sample and data-sheet topics, e.g. "Where and what it is for"',
    ),
    prefilled: text(
      'Note above a form a product or technology page filled in; {subject} is what it names, e.g. "Your request for {subject} is filled in below."',
    ).refine((words) => words.includes('{subject}'), {
      error: 'prefilled must contain {subject}, where the product, technology or topic goes',
    }),
    count: z
      .strictObject({
        within: text(
          'Under the message field near its limit; {count} is its length and {limit} the most allowed, e.g. "{count} of {limit} characters"',
        ).refine((words) => words.includes('{count}') && words.includes('{limit}'), {
          error: 'within must contain {count} and {limit}',
        }),
        over: text(
          'Under the message field past its limit; {over} is how many characters too many, e.g. "{over} characters too many: at most {limit}"',
        ).refine((words) => words.includes('{over}'), { error: 'over must contain {over}' }),
      })
      .describe('The count of characters under the message field, shown from nine tenths of its limit.'),
    submitLabel: text('Submit button label, e.g. "Send Message"'),
    sendingLabel: text('Submit button label while sending, e.g. "Sending..."'),
    notSent: text(
      'Above the form when it was sent before the page was ready (or in lite mode, on a first visit) and our server could not be reached: nothing was sent, every value stays in the form',
    ),
    success: toast('when the form was sent'),
    failure: toast('when sending failed'),
    confirmation: z
      .strictObject({
        heading: text('Heading of the confirmation, e.g. "Your message has reached us"'),
        reference: text('The message\'s reference; {reference} is its id, e.g. "Your reference: {reference}"').refine(
          (words) => words.includes('{reference}'),
          {
            error: 'reference must contain {reference}, where the id goes',
          },
        ),
        next: text('What happens next, e.g. "A chemist reads it and answers, usually within one working day."'),
        answeredBy: text(
          'Which mailbox answers; {email} is the company\'s address, e.g. "The answer comes from {email}."',
        ).refine((words) => words.includes('{email}'), {
          error: 'answeredBy must contain {email}, where the address goes',
        }),
      })
      .describe('Shown above the emptied form after a message was sent, until the visitor leaves the page.'),
    correction: z
      .strictObject({
        title: text('Heading of the box above the form, e.g. "Please check your message"'),
        intro: text('Under that heading, e.g. "Nothing was sent. Correct what is marked, then send it again."'),
        pageTitle: text(
          'The page\'s title while it shows the box; {title} is the page\'s own title, e.g. "Error: {title}"',
        ).refine((words) => words.includes('{title}'), { error: 'pageTitle must contain {title}' }),
      })
      .describe(
        "Shown without JavaScript when the message was refused: a box at the top of the form's section, each reason a link to its field, with every value kept.",
      ),
    kept: z
      .strictObject({
        title: text(
          'Toast title when the message could not reach the server and is kept in the browser, e.g. "Your message is kept in this browser"',
        ),
        text: text('Toast text, and the paragraph above the list of kept messages: when they will be sent'),
        stillTrying: text(
          'Said under the title while a message has had no answer for a few seconds (a stalled link): the page goes on trying, and the message is kept in the meantime',
        ),
        heading: text('Heading of the list of kept messages, e.g. "Messages waiting to be sent"'),
        waiting: text('Beside a kept message that is waiting, e.g. "Waiting for the connection"'),
        cancel: text('Button that cancels a kept message, e.g. "Cancel sending"'),
        cancelled: text('Said when a kept message was cancelled'),
        sent: text(
          'Said when a kept message has been sent later (in lite mode, above the form with its reference, under the confirmation heading)',
        ),
        refused: text(
          'Beside a kept message the server refused, before its reason, e.g. "Not sent, the server refused it:"',
        ),
        edit: text('Button that puts a refused message back into the form, e.g. "Put back in the form"'),
        remove: text('Button that removes a refused message, e.g. "Remove"'),
        keptPageIntro: text(
          "Without JavaScript, the page shown when the form could not reach the server and the browser kept the message (70-160 characters: it is also the page's description)",
        ),
        backToSite: text('Link under it to the home page, e.g. "Back to the home page"'),
      })
      .describe(
        'With JavaScript, a message that could not reach the server is kept in the browser and sent later: these words tell the visitor, and list the kept messages above the form.',
      ),
  })
  .describe('Every word of the contact form.');

export type ContactFormWords = z.infer<typeof contactFormSchema>;
