// @vitest-environment happy-dom
/**
 * The inline script that puts an item's documents in the visitor's languages first
 * (src/components/catalogue/document-order.inline.ts, as its bundle), run as the item page runs it, in a DOM.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScript } from '../../tools/build/inline-scripts';

const documentOrderScript = inlineScript('src/components/catalogue/document-order.inline.ts').text;

/** A group of documents as ProductPage.astro writes it, languages in the built order. */
function list(languages: string[], byLanguage = true) {
  const ul = document.createElement('ul');
  if (byLanguage) ul.setAttribute('data-by-language', '');
  ul.innerHTML = languages
    .map(
      (language) => `<li><a href="/documents/x/${language}.pdf" hreflang="${language}">${language}</a><p>PDF</p></li>`,
    )
    .join('');
  document.body.append(ul);
  return ul;
}

const order = (ul: HTMLElement) => [...ul.querySelectorAll('a')].map((a) => a.getAttribute('hreflang'));

function run(languages: string[] | undefined, language = '') {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(navigator, 'language', { value: language, configurable: true });
  new Function(documentOrderScript)();
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the documents in the visitor's languages come first", () => {
  it('in the order the browser names the languages, the others after in the built order', () => {
    const ul = list(['en', 'de', 'th', 'fr']);
    run(['th-TH', 'de']);
    expect(order(ul)).toEqual(['th', 'de', 'en', 'fr']);
  });

  it('an exact language before a plain one, and a plain one for any country of it', () => {
    const ul = list(['en', 'de', 'en-GB']);
    run(['en-GB']);
    expect(order(ul)).toEqual(['en-GB', 'en', 'de']);
    const other = list(['en', 'de-AT', 'de']);
    run(['de-CH']);
    expect(order(other)).toEqual(['de-AT', 'de', 'en']);
  });

  it('leaves the built order when the browser names none of them, or names nothing', () => {
    const ul = list(['en', 'de', 'th']);
    run(['ja', 'ko']);
    expect(order(ul)).toEqual(['en', 'de', 'th']);
    run([], '');
    expect(order(ul)).toEqual(['en', 'de', 'th']);
    run(undefined, 'th');
    expect(order(ul)).toEqual(['th', 'en', 'de']);
  });

  it('touches only the lists marked as holding several languages', () => {
    const marked = list(['en', 'de']);
    const single = list(['en', 'de'], false);
    run(['de']);
    expect(order(marked)).toEqual(['de', 'en']);
    expect(order(single)).toEqual(['en', 'de']);
  });
});
