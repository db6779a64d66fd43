/**
 * `npm ci` runs only the install scripts that `allowScripts` names, and installs only what the
 * lockfile pins with its integrity (docs/decisions/0082-install-runs-only-what-the-lockfile-pins.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Locked {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  /** Shipped inside its parent's tarball, which the parent's integrity covers. */
  inBundle?: boolean;
  hasInstallScript?: boolean;
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  allowScripts: Record<string, boolean>;
  optionalDependencies?: Record<string, string>;
};
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Locked> };
const locked = Object.entries(lock.packages).filter(([path]) => path !== '');
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('the install', () => {
  it('covers every package with an install script in allowScripts, allowed or refused', () => {
    const scripted = locked.filter(([, entry]) => entry.hasInstallScript).map(([path]) => nameOf(path));
    expect(scripted.length).toBeGreaterThan(0);
    const uncovered = scripted.filter((name) => !(name in manifest.allowScripts));
    expect(uncovered).toEqual([]);
  });

  it('never runs the checker’s postinstall, which downloads a JDK without a checksum', () => {
    expect(manifest.allowScripts['vnu-jar']).toBe(false);
  });

  it('installs only packages the lockfile pins with their integrity', () => {
    const unpinned = locked
      .filter(
        ([, entry]) =>
          !entry.link &&
          !entry.inBundle &&
          (!entry.integrity || (entry.resolved && !entry.resolved.startsWith('https://'))),
      )
      .map(([path]) => path);
    expect(unpinned).toEqual([]);
  });

  it('gets Node 22 from a platform package of the lockfile, with no install script of its own', () => {
    const platforms = Object.keys(manifest.optionalDependencies ?? {});
    expect(platforms.length).toBeGreaterThan(0);
    for (const name of platforms) {
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry?.version, name).toMatch(/^22\./);
      expect(entry?.hasInstallScript, name).toBeFalsy();
    }
  });
});
