// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isLiteMode, liteModeStorageKey } from '../../src/offline/lite-mode';
import { inlineScript } from '../../tools/build/inline-scripts';

/** The script as pages inline it: the bundle of src/offline/lite-mode.inline.ts. */
const liteModeScript = inlineScript('src/offline/lite-mode.inline.ts').text;

/** The listeners each run adds to the document, removed after each test as a new page would drop them. */
const added: [string, EventListenerOrEventListenerObject][] = [];

/** Runs the inline script as the browser does at the top of <head>, with this connection. */
function runScript(connection?: { saveData?: boolean; effectiveType?: string }) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
  const addEventListener = document.addEventListener;
  document.addEventListener = (type: string, listener: EventListenerOrEventListenerObject) => {
    added.push([type, listener]);
    addEventListener.call(document, type, listener);
  };
  try {
    new Function(liteModeScript)();
  } finally {
    document.addEventListener = addEventListener;
  }
}

afterEach(() => {
  for (const [type, listener] of added.splice(0)) document.removeEventListener(type, listener);
  document.documentElement.removeAttribute('data-lite');
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('lite mode: when it is on', () => {
  const cases: [string, { saveData?: boolean; effectiveType?: string } | undefined, string | null, boolean][] = [
    ['no connection information, no choice', undefined, null, false],
    ['a fast connection', { saveData: false, effectiveType: '4g' }, null, false],
    ['a 3G connection', { saveData: false, effectiveType: '3g' }, null, false],
    ['Save-Data', { saveData: true, effectiveType: '4g' }, null, true],
    ['2G', { saveData: false, effectiveType: '2g' }, null, true],
    ['slow 2G', { saveData: false, effectiveType: 'slow-2g' }, null, true],
    ['Save-Data, but the visitor turned it off', { saveData: true, effectiveType: '4g' }, 'off', false],
    ['2G, but the visitor turned it off', { effectiveType: '2g' }, 'off', false],
    ['a fast connection, and the visitor turned it on', { saveData: false, effectiveType: '4g' }, 'on', true],
    ['no connection information (Firefox, Safari), and the visitor turned it on', undefined, 'on', true],
    ['an unknown stored value', { saveData: false, effectiveType: '4g' }, 'maybe', false],
  ];
  it.each(cases)('%s', (_, connection, choice, on) => {
    if (choice) localStorage.setItem(liteModeStorageKey, choice);
    runScript(connection);
    expect(isLiteMode()).toBe(on);
  });

  it('decides from the connection when storage cannot be read', () => {
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error('SecurityError');
    };
    try {
      runScript({ saveData: true });
      expect(isLiteMode()).toBe(true);
    } finally {
      Storage.prototype.getItem = getItem;
    }
  });
});

describe('lite mode: the control and the picture buttons', () => {
  it('shows the control with its state, flips it on a click and remembers the choice', () => {
    document.body.innerHTML =
      '<div hidden id="area"><button data-lite-toggle aria-pressed="false">Lite mode</button></div>';
    runScript({ saveData: false, effectiveType: '4g' });
    const button = document.querySelector('button')!;
    expect(document.getElementById('area')!.hidden).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('false');

    button.click();
    expect(isLiteMode()).toBe(true);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(liteModeStorageKey)).toBe('on');

    button.click();
    expect(isLiteMode()).toBe(false);
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(liteModeStorageKey)).toBe('off');
  });

  it("the top line's button turns lite mode off, remembers it, keeps the control's state and moves focus to the content", () => {
    document.body.innerHTML =
      '<div hidden><button data-lite-toggle aria-pressed="false">Lite mode</button></div>' +
      '<p>Lite mode is on <button data-lite-off>Turn it off</button></p><main id="main" tabindex="-1"></main>';
    runScript({ saveData: true });
    expect(isLiteMode()).toBe(true);
    expect(document.querySelector('[data-lite-off]')!.hasAttribute('aria-pressed')).toBe(false);

    document.querySelector<HTMLElement>('[data-lite-off]')!.click();
    expect(isLiteMode()).toBe(false);
    expect(localStorage.getItem(liteModeStorageKey)).toBe('off');
    expect(document.querySelector('[data-lite-toggle]')!.getAttribute('aria-pressed')).toBe('false');
    expect(document.activeElement).toBe(document.getElementById('main'));
    // A second click (the line is hidden by then, but a fast double tap) leaves it off.
    document.querySelector<HTMLElement>('[data-lite-off]')!.click();
    expect(isLiteMode()).toBe(false);
  });

  it('a picture button marks its own picture as asked for, and moves focus to it', () => {
    document.body.innerHTML =
      '<picture id="a" data-picture="product"><img alt="A"></picture><button data-show-picture>Show picture</button>' +
      '<picture id="b" data-picture="product"><img alt="B"></picture><script></script><button data-show-picture><span>Show picture</span></button>';
    runScript({ saveData: true });
    document.querySelectorAll<HTMLElement>('[data-show-picture] span')[0].click();
    expect(document.getElementById('b')!.hasAttribute('data-shown')).toBe(true);
    expect(document.getElementById('a')!.hasAttribute('data-shown')).toBe(false);
    expect(document.activeElement).toBe(document.querySelector('#b img'));
  });
});
