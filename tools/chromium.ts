/**
 * The Chromium that the browser tests, the bench and the screenshots drive, found the same way
 * by all of them, on any machine with Node:
 *
 * 1. the browser `PLAYWRIGHT_CHROMIUM` names (and the headless shell
 *    `PLAYWRIGHT_CHROMIUM_HEADLESS_SHELL` names, if any; without it the named browser runs
 *    everything);
 * 2. Playwright's own Chromium, where `npx playwright install chromium` has put it (that command
 *    installs its headless shell too, which Playwright then picks for headless tests by itself);
 * 3. Debian's `chromium`, with `chromium-headless-shell` when that package is installed.
 *
 * The headless shell, Chromium's engine without the browser around it, runs the browser tests
 * for a third less CPU; the full browser runs what only it does (docs/decisions/0044). Nothing
 * here installs anything: a missing browser is named with the commands that install one.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Where Debian's two packages put their browsers. */
export const debianChromium = {
  full: '/usr/bin/chromium',
  headlessShell: '/usr/bin/chromium-headless-shell',
} as const;

export const installChromium = [
  'No Chromium found for the browser tests. Install one of:',
  '  npx playwright install chromium        (any system: Playwright’s own Chromium and headless shell)',
  '  sudo apt-get install -y chromium chromium-headless-shell        (Debian, Ubuntu, WSL)',
  'or name an installed Chromium or Chrome: PLAYWRIGHT_CHROMIUM=/path/to/chrome npm test',
].join('\n');

export interface Chromium {
  /** The full browser: the Reporting API test, Lighthouse, the bench, the screenshots. */
  full: string;
  /**
   * The browser of the other tests: a headless shell where there is one, else the full browser.
   * `undefined` leaves the choice to Playwright, which takes its own headless shell.
   */
  headlessShell: string | undefined;
  /** Where they were found, for messages. */
  source: 'environment' | 'playwright' | 'debian';
}

export interface Machine {
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
  /** Where Playwright's own full Chromium is, installed or not; undefined where it has none. */
  playwrightChromium?: string | undefined;
}

/** The Chromium to drive, by the order above; throws with the install commands when none is. */
export function findChromium({
  env = process.env,
  exists = existsSync,
  playwrightChromium = playwrightsOwn(),
}: Machine = {}): Chromium {
  const named = env.PLAYWRIGHT_CHROMIUM;
  const namedShell = env.PLAYWRIGHT_CHROMIUM_HEADLESS_SHELL;
  for (const [variable, path] of [
    ['PLAYWRIGHT_CHROMIUM', named],
    ['PLAYWRIGHT_CHROMIUM_HEADLESS_SHELL', namedShell],
  ] as const) {
    if (path && !exists(path)) throw new Error(`${variable} names ${path}, which does not exist.\n${installChromium}`);
  }
  if (named) return { full: named, headlessShell: namedShell || named, source: 'environment' };
  if (playwrightChromium && exists(playwrightChromium)) {
    return { full: playwrightChromium, headlessShell: namedShell || undefined, source: 'playwright' };
  }
  if (exists(debianChromium.full)) {
    const shell =
      namedShell || (exists(debianChromium.headlessShell) ? debianChromium.headlessShell : debianChromium.full);
    return { full: debianChromium.full, headlessShell: shell, source: 'debian' };
  }
  throw new Error(installChromium);
}

/** Playwright's own Chromium's path (it may not be installed), or undefined on a platform it lacks. */
function playwrightsOwn(): string | undefined {
  try {
    return chromium.executablePath() || undefined;
  } catch {
    return undefined;
  }
}
