/**
 * The suite runs on any machine with Node (tools/chromium.ts, tools/java.ts): the browser is the
 * one the environment names, Playwright's own, or Debian's, the headless shell where there is one;
 * a missing browser or Java is named with its install command, and `npm test` installs nothing.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { debianChromium, findChromium, installChromium } from '../../tools/chromium.ts';
import { whenJavaIsMissing } from '../../tools/java.ts';

const playwrights = '/home/someone/.cache/ms-playwright/chromium-1/chrome-linux/chrome';
const machine = (files: string[], env: Record<string, string> = {}) => ({
  env,
  exists: (path: string) => files.includes(path),
  playwrightChromium: playwrights,
});

describe('the Chromium of the browser tests', () => {
  it('is the one PLAYWRIGHT_CHROMIUM names, for every test, whatever else is installed', () => {
    const found = findChromium(
      machine(['/opt/chrome', playwrights, debianChromium.full, debianChromium.headlessShell], {
        PLAYWRIGHT_CHROMIUM: '/opt/chrome',
      }),
    );
    expect(found).toEqual({ full: '/opt/chrome', headlessShell: '/opt/chrome', source: 'environment' });
  });

  it('takes a headless shell the environment names beside it', () => {
    const found = findChromium(
      machine(['/opt/chrome', '/opt/shell'], {
        PLAYWRIGHT_CHROMIUM: '/opt/chrome',
        PLAYWRIGHT_CHROMIUM_HEADLESS_SHELL: '/opt/shell',
      }),
    );
    expect(found).toMatchObject({ full: '/opt/chrome', headlessShell: '/opt/shell' });
  });

  it('is Playwright’s own where it is installed, its headless shell left to Playwright', () => {
    const found = findChromium(machine([playwrights, debianChromium.full, debianChromium.headlessShell]));
    expect(found).toEqual({ full: playwrights, headlessShell: undefined, source: 'playwright' });
  });

  it('is Debian’s where Playwright’s is not: the headless shell when present, else the full browser', () => {
    expect(findChromium(machine([debianChromium.full, debianChromium.headlessShell]))).toEqual({
      full: debianChromium.full,
      headlessShell: debianChromium.headlessShell,
      source: 'debian',
    });
    expect(findChromium(machine([debianChromium.full]))).toMatchObject({
      full: debianChromium.full,
      headlessShell: debianChromium.full,
    });
  });

  it('is named with the commands that install one when there is none, or when the named one is missing', () => {
    expect(() => findChromium(machine([]))).toThrow(installChromium);
    expect(installChromium).toContain('npx playwright install chromium');
    expect(installChromium).toContain('apt-get install -y chromium chromium-headless-shell');
    expect(() => findChromium(machine([debianChromium.full], { PLAYWRIGHT_CHROMIUM: '/nowhere/chrome' }))).toThrow(
      /PLAYWRIGHT_CHROMIUM names \/nowhere\/chrome, which does not exist/,
    );
  });
});

describe('a missing Java', () => {
  it('skips the Nu HTML Checker with a notice, except in CI, where it fails', () => {
    expect(whenJavaIsMissing({})).toBe('skip');
    expect(whenJavaIsMissing({ CI: 'false' })).toBe('skip');
    expect(whenJavaIsMissing({ CI: 'true' })).toBe('fail');
    expect(whenJavaIsMissing({ CI: '1' })).toBe('fail');
  });
});

describe('npm test on a machine that lacks things', () => {
  const bin = mkdtempSync(join(tmpdir(), 'no-root-'));
  const calls = join(bin, 'calls');
  // apt-get and sudo that only write down that they were called.
  for (const command of ['apt-get', 'sudo']) {
    writeFileSync(join(bin, command), `#!/bin/sh\necho ${command} "$@" >> '${calls}'\n`);
    chmodSync(join(bin, command), 0o755);
  }
  afterAll(() => rmSync(bin, { recursive: true, force: true }));
  const check = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['tools/check-machine.ts'], {
      encoding: 'utf8',
      env: { PATH: `${bin}${delimiter}${process.env.PATH}`, ...env },
    });

  it('names what is missing and installs nothing', () => {
    const noBrowser = check({ PLAYWRIGHT_CHROMIUM: join(bin, 'no-chrome') });
    expect(noBrowser.status).toBe(1);
    expect(noBrowser.stderr).toContain('npx playwright install chromium');
    const noJavaInCi = check({ JAVA: join(bin, 'no-java'), CI: 'true', PLAYWRIGHT_CHROMIUM: process.execPath });
    expect(noJavaInCi.status).toBe(1);
    expect(noJavaInCi.stderr).toContain('apt-get install -y default-jre-headless');
    const noJava = check({ JAVA: join(bin, 'no-java'), PLAYWRIGHT_CHROMIUM: process.execPath });
    expect(noJava.status).toBe(0);
    expect(noJava.stderr).toMatch(/Notice: Java is missing/);
    expect(existsSync(calls)).toBe(false);
  });

  it('runs no install script first: npm test and test:launch start with the check', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    const run = readFileSync('scripts/test.sh', 'utf8');
    expect(run).toContain('node tools/check-machine.ts');
    expect(scripts['test:launch']).toMatch(/^node tools\/check-machine\.ts && /);
    for (const text of [run, scripts.test, scripts['test:launch']]) expect(text).not.toMatch(/apt-get|ensure-/);
  });
});
