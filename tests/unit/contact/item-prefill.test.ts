import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prefillFor } from '../../../src/lib/contact/prefill';
import { contactPrefillResponse, prefillContactPage, rememberPage } from '../../../src/lib/contact/prefill-page';
import { readCatalogueLabels, readOfferingTitles, regardingLine } from '../../../src/lib/contact/regarding';
import { composeEmail } from '../../../src/lib/contact/mail';
import topics from '../../../src/content/topics.json';

const items = readCatalogueLabels(join(process.cwd(), 'src/content/products'));
const [itemId, label] = [...items][0]!;
const subjects = Object.fromEntries(readOfferingTitles(join(process.cwd(), 'src/content')));
const topic = topics[0]!;

const page = `<form><select id="topic" name="topic"><option value="" selected="">General enquiry</option>${topics
  .map((t) => `<option value="${t.id}">${t.label}</option>`)
  .join('')}</select><input type="hidden" name="about" value=""/><textarea id="message" name="message" rows="5"></textarea></form>`;

describe('contact form about a catalogue item', () => {
  it('starts the message with the item name and codes and selects the topic', () => {
    const prefill = prefillFor(`?topic=${topic.id}&about=${encodeURIComponent(itemId)}`, topics, subjects, Object.fromEntries(items));
    expect(prefill.topic).toBe(topic.id);
    expect(prefill.about).toBe(itemId);
    expect(prefill.message.startsWith(`${label}: `)).toBe(true);
  });

  it('ignores an unknown item and never carries it into the form', () => {
    const prefill = prefillFor(`?topic=${topic.id}&about=${encodeURIComponent('x/<script>')}`, topics, subjects, Object.fromEntries(items));
    expect(prefill.about).toBe('');
    expect(prefill.message).not.toContain('<script>');
  });

  it('writes the pre-fill into the built page, escaped', () => {
    const html = prefillContactPage(page, { topic: topic.id, about: itemId, message: 'A <b>&</b> "quote"\n' });
    expect(html).toContain(`<option value="${topic.id}" selected="">`);
    expect(html).not.toContain('<option value="" selected="">');
    expect(html).toContain(`name="about" value="${itemId}"`);
    expect(html).toContain('>A &lt;b&gt;&amp;&lt;/b&gt; &quot;quote&quot;\n</textarea>');
    expect(prefillContactPage(page, { topic: '', about: '', message: '' })).toBe(page);
  });

  it('answers with the static page pre-filled, keeping its headers', async () => {
    const response = await contactPrefillResponse(new Request(`https://site.example/api/contact-prefill?topic=${topic.id}&about=${itemId}`), {
      fetchPage: async (url) => {
        expect(url.href).toBe('https://site.example/contact');
        return new Response(page, { headers: { 'content-security-policy': "frame-ancestors 'none'", 'content-length': String(page.length) } });
      },
      topics,
      subjects,
      items: Object.fromEntries(items),
    });
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('content-length')).toBeNull();
    expect(await response.text()).toContain(`${label}: `);
  });

  it('names the item in the e-mail subject only for a known item', () => {
    const regarding = regardingLine({ topic: topic.id, about: itemId }, topics, items);
    expect(regarding).toBe(`${topic.label}: ${label}`);
    expect(regardingLine({ topic: 'nope', about: 'free text' }, topics, items)).toBeUndefined();
    const email = composeEmail({ name: 'Ada', email: 'ada@example.org', company: '', message: 'Hi', ...(regarding ? { regarding } : {}) }, { to: 'a@example.org', from: 'a@example.org' }, 'now');
    expect(email.subject).toContain(label);
  });
});

describe('the built contact page, remembered', () => {
  it('is fetched once while it answers, and again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const fetchPage = rememberPage(async () => {
      calls += 1;
      return fail ? new Response('down', { status: 503 }) : new Response(page, { headers: { 'x-a': '1' } });
    });
    await expect(fetchPage(new URL('https://site.example/contact'))).rejects.toThrow('503');
    fail = false;
    expect(await (await fetchPage(new URL('https://site.example/contact'))).text()).toBe(page);
    expect((await fetchPage(new URL('https://site.example/contact'))).headers.get('x-a')).toBe('1');
    expect(calls).toBe(2);
  });
});
