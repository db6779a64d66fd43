/**
 * Field data of real visits (./sample.ts): once the page has loaded and the browser is idle, a
 * sample of page views loads the field-data script (./client.ts), which sends one beacon when the
 * visitor leaves the page. Every other page view fetches nothing. Never in lite mode, under
 * Save-Data, or in a browser that reports being driven by automation (`navigator.webdriver`:
 * Playwright, WebDriver, the bench's Lighthouse runs), whose figures are not a visitor's. The
 * sample comes from the script's own attribute, so the text (and its hash) never changes with
 * the setting.
 */
import { vitalsSampleAttribute } from './sample';
import { liteModeAttribute } from '../offline/lite-mode';

/** routes.vitalsScript (src/model/routes.ts), written in by the bundle (tools/build/inline-scripts.ts). */
declare const __VITALS_SCRIPT_PATH__: string;

// Read now: `currentScript` is this script only while it runs.
const script = document.currentScript;

addEventListener('load', () => {
  const browser = navigator as Navigator & { connection?: { saveData?: boolean } };
  const sampled = Math.random() < Number(script?.getAttribute(vitalsSampleAttribute));
  if (
    !sampled ||
    browser.webdriver ||
    browser.connection?.saveData ||
    document.documentElement.hasAttribute(liteModeAttribute)
  )
    return;
  const later: (run: () => void) => unknown = self.requestIdleCallback ?? setTimeout;
  later(() => {
    const client = document.createElement('script');
    client.src = __VITALS_SCRIPT_PATH__;
    document.body.append(client);
  });
});
