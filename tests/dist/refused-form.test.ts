/**
 * A form posted without JavaScript and refused, through the built site as `npm start` serves it:
 * the contact function hands it over (307, same body) to the contact page rendered on demand, which
 * answers "400 Bad Request" with the reasons, never "400 OK".
 */
import { expect, inject, it } from 'vitest';
import { routes } from '../../src/model/routes';

const site = inject('site');

it('the refused post answers 400 with the status text "Bad Request"', async () => {
  // No name and no message: refused for its fields.
  const body = new URLSearchParams({ firstName: '', lastName: '', email: 'ada@example.org', message: '', messageId: '' });
  const post = (path: string) =>
    fetch(new URL(path, site), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(site).origin },
      body,
    });
  const handedOver = await post(routes.contactEndpoint);
  expect(handedOver.status).toBe(307);
  const location = new URL(handedOver.headers.get('location')!, site);
  expect(location.pathname).toBe(routes.contactForm);
  const page = await post(location.pathname + location.search);
  expect([page.status, page.statusText]).toEqual([400, 'Bad Request']);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
});
