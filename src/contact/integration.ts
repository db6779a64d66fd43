/**
 * The contact form pre-filled without JavaScript: /contact?topic=…&about=… (the links of item
 * pages and content buttons) is answered by the contact page rendered on demand
 * (src/pages/contact/form.astro, in the function @astrojs/netlify builds), with the topic chosen
 * and the message started. The form's script does the same in the browser; a plain /contact stays
 * a static file. The rule with both keys comes first: Netlify takes the first that matches.
 */
import { routes, type QueryRewrite } from '../model/routes';
import { queryRewrites } from '../../tools/build/query-rewrites';

export const contactRewrites: readonly QueryRewrite[] = [
  {
    from: routes.contact,
    query: { topic: ':topic', about: ':about' },
    to: `${routes.contactForm}?topic=:topic&about=:about`,
  },
  { from: routes.contact, query: { topic: ':topic' }, to: `${routes.contactForm}?topic=:topic` },
];

export const contactRewritesFile = () =>
  queryRewrites(
    'contact-rewrites',
    'The contact form pre-filled, rendered on demand (src/contact/integration.ts)',
    contactRewrites,
  );
