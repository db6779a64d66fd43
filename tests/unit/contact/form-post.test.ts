/**
 * The contact page rendered on demand (src/contact/form-post.ts): what it shows for a request
 * with a pre-fill query and for a form the contact function refused and handed over, and that it
 * never writes: a valid message goes on to the function, which never sends it back.
 */
import { describe, expect, it } from 'vitest';
import { formPageAnswer, keptValues } from '../../../src/contact/form-post';
import { handleContactSubmission } from '../../../src/contact/handler';
import { builtContentFrom } from '../../../src/server/content-files';
import { unsavedError, unsavedQuery } from '../../../src/contact/request';
import type { MessageStore } from '../../../src/contact/store';
import { browserIdField, isBrowserId } from '../../../src/contact/browser-id';
import { routes } from '../../../src/model/routes';
import topics from '../../../src/content/topics.json';
import { origin, post } from './harness';

const { itemLabels: items } = builtContentFrom(process.cwd());
const [itemId, label] = Object.entries(items)[0]!;
const topic = topics[0]!;
const data = { topics, subjects: { microencapsulation: 'Microencapsulation' }, items };

const page = (path: string, init?: RequestInit) => new Request(`${origin}${path}`, init);
const formPost = (
  fields: Record<string, string>,
  { path = routes.contactForm, from = origin }: { path?: string; from?: string } = {},
) =>
  page(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: from },
    body: new URLSearchParams(fields).toString(),
  });
const validForm = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  company: '',
  message: 'Hello',
  website: '',
};

/** A store that answers nothing: the page must never reach it. */
const untouchable: MessageStore = new Proxy({} as MessageStore, {
  get: () => {
    throw new Error('the store was used');
  },
});

describe('the contact page on demand, asked with a query', () => {
  it('starts the form for a catalogue item: topic, item and message', async () => {
    const answer = await formPageAnswer(
      page(`${routes.contactForm}?topic=${topic.id}&about=${encodeURIComponent(itemId)}`),
      data,
    );
    // The note above the form names the item with its codes.
    expect(answer).toMatchObject({
      kind: 'page',
      status: 200,
      state: { values: { topic: topic.id, about: itemId }, errors: {}, prefilled: label },
    });
    expect(answer.kind === 'page' && answer.state.values.message?.startsWith(`${label}: `)).toBe(true);
  });

  it('starts it for a technology, and leaves it empty for an unknown topic or without a query', async () => {
    const answer = await formPageAnswer(page(`${routes.contactForm}?topic=${topic.id}&about=microencapsulation`), data);
    expect(answer.kind === 'page' && answer.state.values).toEqual({
      topic: topic.id,
      about: '',
      message: `${topic.sentence.replaceAll('{about}', 'Microencapsulation')}\n\n`,
    });
    expect(answer.kind === 'page' && answer.state.prefilled).toBe('Microencapsulation');
    // A topic alone: the note names the topic.
    const topicOnly = await formPageAnswer(page(`${routes.contactForm}?topic=${topic.id}`), data);
    expect(topicOnly.kind === 'page' && topicOnly.state.prefilled).toBe(topic.label);
    for (const query of ['?topic=nope&about=microencapsulation', '']) {
      expect(await formPageAnswer(page(`${routes.contactForm}${query}`), data)).toEqual({
        kind: 'page',
        status: 200,
        state: { values: {}, errors: {}, messageId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      });
    }
  });

  it("gives each page's form a message id of its own", async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => {
        const answer = await formPageAnswer(page(`${routes.contactForm}?topic=${topic.id}`), data);
        return answer.kind === 'page' ? answer.state.messageId : undefined;
      }),
    );
    expect(ids.every((id) => id !== undefined && isBrowserId(id))).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('the contact page on demand, given a form', () => {
  it('shows each reason and keeps every value, as posted', async () => {
    const fields = {
      ...validForm,
      lastName: '<b>L</b>',
      email: 'ada@example',
      topic: topic.id,
      about: itemId,
      message: 'Keep this text',
    };
    const answer = await formPageAnswer(formPost(fields), data);
    expect(answer).toEqual({
      kind: 'page',
      status: 400,
      state: {
        values: {
          firstName: 'Ada',
          lastName: '<b>L</b>',
          email: 'ada@example',
          company: '',
          topic: topic.id,
          about: itemId,
          message: 'Keep this text',
        },
        errors: { email: 'Email must be a valid e-mail address' },
        error: 'Some fields need your attention',
        messageId: expect.any(String),
      },
    });
  });

  it('keeps the message id a refused form came with, and gives one to a form that had none', async () => {
    const id = crypto.randomUUID();
    const withId = await formPageAnswer(formPost({ ...validForm, email: 'x', [browserIdField]: id }), data);
    expect(withId.kind === 'page' && withId.state.messageId).toBe(id);
    const without = await formPageAnswer(formPost({ ...validForm, email: 'x', [browserIdField]: 'not-an-id' }), data);
    expect(without.kind === 'page' && isBrowserId(without.state.messageId) && without.state.messageId !== id).toBe(
      true,
    );
  });

  it('hands a valid message on to the contact function, and never writes', async () => {
    expect(await formPageAnswer(formPost(validForm), data)).toEqual({
      kind: 'redirect',
      status: 307,
      location: routes.contactEndpoint,
    });
    // Not a form: the function answers.
    expect(
      await formPageAnswer(
        page(routes.contactForm, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: '{}',
        }),
        data,
      ),
    ).toEqual({
      kind: 'redirect',
      status: 307,
      location: routes.contactEndpoint,
    });
  });

  it('shows why a valid message could not be kept, when the function says so', async () => {
    const answer = await formPageAnswer(formPost(validForm, { path: `${routes.contactForm}?${unsavedQuery}` }), data);
    expect(answer).toMatchObject({
      kind: 'page',
      status: 503,
      state: { values: { firstName: 'Ada', message: 'Hello' }, errors: {}, error: unsavedError },
    });
  });

  it('answers a robot as if accepted, and refuses another site or a body too large', async () => {
    expect(await formPageAnswer(formPost({ ...validForm, website: 'https://spam.example.net' }), data)).toEqual({
      kind: 'redirect',
      status: 303,
      location: routes.contactThanks,
    });
    expect(await formPageAnswer(formPost(validForm, { from: 'https://evil.example.net' }), data)).toMatchObject({
      kind: 'page',
      status: 403,
      state: { values: {}, error: expect.stringMatching(/from this site/) },
    });
    expect(await formPageAnswer(formPost({ ...validForm, message: 'x'.repeat(33 * 1024) }), data)).toMatchObject({
      kind: 'page',
      status: 413,
    });
  });

  it("shows an older form's one name field in the first name", () => {
    expect(keptValues({ name: 'Ada Lovelace', email: 'a@b.c', extra: 'x', company: 3 })).toEqual({
      firstName: 'Ada Lovelace',
      email: 'a@b.c',
    });
  });
});

describe('the hand-over between the contact function and the page', () => {
  const follow = async (response: Response, fields: Record<string, string>) => {
    expect(response.status).toBe(307);
    const location = response.headers.get('location')!;
    expect(location.startsWith(routes.contactForm)).toBe(true);
    return formPageAnswer(formPost(fields, { path: location }), data);
  };

  it('ends on the page with the reasons for a refused form, never back at the function', async () => {
    const fields = { ...validForm, email: 'nope' };
    const refused = await handleContactSubmission(
      post(new URLSearchParams(fields).toString(), { type: 'application/x-www-form-urlencoded' }),
      { store: untouchable, log: () => {} },
    );
    expect(await follow(refused, fields)).toMatchObject({
      kind: 'page',
      status: 400,
      state: { errors: { email: expect.any(String) } },
    });
  });

  it('ends on the page saying the message was not kept when the store fails', async () => {
    const broken = { add: async () => Promise.reject(new Error('down')) } as unknown as MessageStore;
    const unsaved = await handleContactSubmission(
      post(new URLSearchParams(validForm).toString(), { type: 'application/x-www-form-urlencoded' }),
      { store: broken, log: () => {} },
    );
    expect(await follow(unsaved, validForm)).toMatchObject({
      kind: 'page',
      status: 503,
      state: { error: unsavedError, values: { firstName: 'Ada' } },
    });
  });
});
