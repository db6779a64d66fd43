// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true}}
/**
 * The inline script that decides, in the visitor's browser, whether a page view sends field data
 * (src/vitals/sample.inline.ts, as its bundle): run as the browser runs it at the end of <body>, with
 * the sample and the kind of page on its own element.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inlineScript } from '../../../tools/build/inline-scripts';
import { liteModeAttribute } from '../../../src/offline/lite-mode';
import { routes } from '../../../src/model/routes';
import {
  defaultVitalsSample,
  vitalsPageAttribute,
  vitalsSampleAttribute,
  vitalsSampleFrom,
} from '../../../src/vitals/sample';

const vitalsScript = inlineScript('src/vitals/sample.inline.ts').text;

interface Visit {
  sample?: string;
  /** What Math.random gives the script. */
  random?: number;
  webdriver?: boolean;
  connection?: { saveData?: boolean; effectiveType?: string };
  lite?: boolean;
}

const loaded = () => [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

/** Runs the script as the browser does, and returns a way to drop what it left on the window, as the next page would. */
function runScript(element: HTMLScriptElement): () => void {
  Object.defineProperty(document, 'currentScript', { value: element, configurable: true });
  const added: [string, EventListenerOrEventListenerObject][] = [];
  const addEventListener = window.addEventListener;
  const add = addEventListener as (type: string, listener: EventListenerOrEventListenerObject) => void;
  window.addEventListener = (type: string, listener: EventListenerOrEventListenerObject) => {
    added.push([type, listener]);
    add.call(window, type, listener);
  };
  try {
    new Function(vitalsScript)();
  } finally {
    window.addEventListener = addEventListener;
  }
  return () => {
    for (const [type, listener] of added) window.removeEventListener(type, listener);
  };
}

/** Runs the script, then the page's load event and the browser's idle moment. */
function visit({ sample = '0.1', random = 0.05, webdriver = false, connection, lite = false }: Visit) {
  document.body.innerHTML = '';
  const element = document.createElement('script');
  element.setAttribute(vitalsSampleAttribute, sample);
  element.setAttribute(vitalsPageAttribute, 'item');
  document.body.append(element);
  Object.defineProperty(navigator, 'webdriver', { value: webdriver, configurable: true });
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
  document.documentElement.toggleAttribute(liteModeAttribute, lite);
  vi.spyOn(Math, 'random').mockReturnValue(random);
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  const leave = runScript(element);
  // Nothing before the page has loaded.
  expect(loaded()).toEqual([]);
  window.dispatchEvent(new Event('load'));
  // Nothing before the browser is idle.
  expect(loaded()).toEqual([]);
  for (const callback of idle.splice(0)) callback();
  leave();
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(liteModeAttribute);
});

describe('the field-data sample', () => {
  it('loads the field-data script once the page has loaded and the browser is idle, when the visit is in the sample', () => {
    visit({ random: 0.05 });
    expect(loaded()).toEqual([routes.vitalsScript]);
  });

  it('loads nothing for a visit outside the sample', () => {
    visit({ random: 0.1 });
    expect(loaded()).toEqual([]);
    visit({ random: 0.99 });
    expect(loaded()).toEqual([]);
  });

  it('follows the sample on its element: all, none, a quarter', () => {
    visit({ sample: '1', random: 0.999 });
    expect(loaded()).toEqual([routes.vitalsScript]);
    visit({ sample: '0', random: 0 });
    expect(loaded()).toEqual([]);
    visit({ sample: '0.25', random: 0.24 });
    expect(loaded()).toEqual([routes.vitalsScript]);
  });

  it('loads nothing in lite mode, under Save-Data, or in a browser driven by automation', () => {
    visit({ random: 0, lite: true });
    expect(loaded()).toEqual([]);
    // The visitor turned lite mode off, but the browser still asks to save data.
    visit({ random: 0, connection: { saveData: true, effectiveType: '4g' } });
    expect(loaded()).toEqual([]);
    visit({ random: 0, webdriver: true });
    expect(loaded()).toEqual([]);
    // A fast connection that does not ask to save data is in.
    visit({ random: 0, connection: { saveData: false, effectiveType: '4g' } });
    expect(loaded()).toEqual([routes.vitalsScript]);
  });

  it('waits with a timer where the browser has no idle callback (Safari)', () => {
    vi.useFakeTimers();
    try {
      const element = document.createElement('script');
      element.setAttribute(vitalsSampleAttribute, '0.1');
      document.body.append(element);
      Object.defineProperty(navigator, 'webdriver', { value: false, configurable: true });
      vi.stubGlobal('requestIdleCallback', undefined);
      vi.spyOn(Math, 'random').mockReturnValue(0);
      const leave = runScript(element);
      window.dispatchEvent(new Event('load'));
      expect(loaded()).toEqual([]);
      vi.runAllTimers();
      expect(loaded()).toEqual([routes.vitalsScript]);
      leave();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is small, since every page carries it', () => {
    expect(vitalsScript.length).toBeLessThan(400);
  });
});

describe('VITALS_SAMPLE', () => {
  it('is a share from 0 to 1 or a percentage; unset or empty, 10%', () => {
    expect(vitalsSampleFrom(undefined)).toBe(defaultVitalsSample);
    expect(vitalsSampleFrom('')).toBe(0.1);
    expect(vitalsSampleFrom(' ')).toBe(0.1);
    expect(vitalsSampleFrom('0.25')).toBe(0.25);
    expect(vitalsSampleFrom('1')).toBe(1);
    expect(vitalsSampleFrom('0')).toBe(0);
    expect(vitalsSampleFrom('5%')).toBe(0.05);
    expect(vitalsSampleFrom('100%')).toBe(1);
  });

  it.each(['ten', '1.5', '-0.1', '150%', '%', 'NaN', 'Infinity', '0x10'])(
    'stops the build on %s, saying what it takes',
    (value) => {
      expect(() => vitalsSampleFrom(value)).toThrow(/VITALS_SAMPLE=.*from 0 to 1 \(0\.1\) or as a percentage \(10%\)/);
    },
  );
});
