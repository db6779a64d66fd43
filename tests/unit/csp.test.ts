import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cspHash, sonnerStyle } from '../../src/security/csp';

describe("the policy's hashes for sonner's stylesheet", () => {
  it('were recorded for the sonner version package-lock.json installs', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const installed = lock.packages['node_modules/sonner']?.version;
    // On a sonner upgrade: build, run tests/e2e/csp.spec.ts ("the contact toast renders under the
    // policy"), which prints the hashes Chromium needs, and record them with the version in src/security/csp.ts.
    expect(installed, 'sonner was upgraded: record its stylesheet hashes in src/security/csp.ts').toBe(
      sonnerStyle.version,
    );
  });

  it('allow the empty element sonner adds first, and its stylesheet, once each', () => {
    expect(sonnerStyle.hashes).toContain(cspHash(''));
    expect(sonnerStyle.hashes).toHaveLength(2);
    expect(new Set(sonnerStyle.hashes).size).toBe(2);
    for (const hash of sonnerStyle.hashes) expect(hash).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
  });
});

describe('cspHash', () => {
  it('is the base64 SHA-256 of the exact text, as a policy source', () => {
    expect(cspHash('')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
    expect(cspHash('a')).not.toBe(cspHash('a '));
  });
});
