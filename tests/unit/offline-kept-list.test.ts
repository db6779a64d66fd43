import { describe, expect, it } from 'vitest';
import { fillKeptList, pageTitle, titleSuffix } from '../../src/offline/kept-list';

const offline = [
  '<html><head><title>Offline | Acme</title></head><body>',
  '<ul class="list" data-kept-pages><!--kept-list--><li>Nothing kept yet.</li><!--/kept-list--></ul>',
  '<template data-kept-item><!--kept-item--><li><a href="{href}">{title}</a> saved <time datetime="{datetime}">{time}</time></li><!--/kept-item-->',
  '<!--kept-suffix--> | Acme &amp; Co<!--/kept-suffix--></template>',
  '</body></html>',
].join('');

describe('pageTitle', () => {
  it('reads the title as text, without the company suffix', () => {
    expect(pageTitle('<title>Pigments &amp; Dyes | Acme &amp; Co</title>', ' | Acme & Co')).toBe('Pigments & Dyes');
    expect(pageTitle('<title>Home</title>', ' | Acme')).toBe('Home');
    expect(pageTitle('<p>no title</p>')).toBe('');
  });

  it('reads the suffix the offline page names', () => {
    expect(titleSuffix(offline)).toBe(' | Acme & Co');
  });
});

describe('fillKeptList', () => {
  const format = (ms: number) => `T${ms}`;

  it("lists the kept pages newest first with their saved time, from the page's own template", () => {
    const html = fillKeptList(
      offline,
      [
        { path: '/about', title: 'About', savedAt: Date.UTC(2026, 0, 1) },
        { path: '/products/pigments', title: 'Pigments & <Dyes>', savedAt: Date.UTC(2026, 0, 2) },
      ],
      format,
    );
    const items = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
    expect(items.slice(0, 2)).toEqual([
      `<a href="/products/pigments">Pigments &amp; &lt;Dyes&gt;</a> saved <time datetime="2026-01-02T00:00:00.000Z">T${Date.UTC(2026, 0, 2)}</time>`,
      `<a href="/about">About</a> saved <time datetime="2026-01-01T00:00:00.000Z">T${Date.UTC(2026, 0, 1)}</time>`,
    ]);
    expect(html).not.toContain('Nothing kept yet.');
    // The template stays (inert), the rest of the page is untouched.
    expect(html).toContain('<template data-kept-item><!--kept-item--><li><a href="{href}">');
    expect(html.startsWith('<html><head><title>Offline | Acme</title>')).toBe(true);
  });

  it('leaves the page as it is when nothing is kept', () => {
    expect(fillKeptList(offline, [], format)).toBe(offline);
  });

  it('leaves a page without the list as it is', () => {
    expect(fillKeptList('<p>hi</p>', [{ path: '/', title: 'Home', savedAt: 1 }], format)).toBe('<p>hi</p>');
  });
});
