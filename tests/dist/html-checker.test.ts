/**
 * Outside judges of the built pages: the Nu HTML Checker (the `vnu-jar` package, run on the
 * machine's Java) over every page of dist/, and the structured data as validators that follow
 * Google's rules read it. The checker's CSS grammar is older than the site's stylesheet (it does
 * not know `@property` or `margin-trim`), so its CSS messages are left aside; every other error
 * fails. All pages take about 6 s on two cores. Without Java it is skipped with a notice, except
 * in CI, where it fails (tools/java.ts).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { builtFiles } from '../support/site';
import { all, readPage, text } from '../support/html';
import { findJava, installJava, whenJavaIsMissing } from '../../tools/java.ts';

const require = createRequire(import.meta.url);
const pages = builtFiles();
const java = findJava();
const skipChecker = !java && whenJavaIsMissing() === 'skip';
if (skipChecker) console.warn(`Notice: the Nu HTML Checker is skipped: Java is missing.\n${installJava}`);

interface NuMessage {
  type: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

describe('the Nu HTML Checker', () => {
  it.skipIf(skipChecker)('finds no error on any built page, its CSS grammar aside', async () => {
    if (!java) throw new Error(`Java is missing, and CI keeps the Nu HTML Checker.\n${installJava}`);
    expect(pages.length).toBeGreaterThan(10);
    const vnu = require.resolve('vnu-jar/build/dist/vnu.jar');
    // It writes its report to stderr and exits 1 when it finds an error: both are read, not thrown.
    const { stderr } = await promisify(execFile)(java, ['-jar', vnu, '--errors-only', '--format', 'json', ...pages], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string; code?: unknown }) => {
      if (typeof error.stderr !== 'string' || !error.stderr.startsWith('{')) throw error;
      return { stderr: error.stderr };
    });
    const { messages } = JSON.parse(stderr) as { messages: NuMessage[] };
    const errors = messages
      .filter((m) => m.type === 'error' && !m.message.startsWith('CSS:'))
      .map((m) => `${m.url?.replace(/^file:.*?\/dist\//, '')}:${m.lastLine}: ${m.message}`);
    expect(errors).toEqual([]);
  });
});

/** Every JSON-LD object of a page, nested ones included. */
function nodesOf(file: string): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      found.push(value as Record<string, unknown>);
      Object.values(value).forEach(walk);
    }
  };
  for (const script of all('script[type="application/ld+json"]', readPage(file))) walk(JSON.parse(text(script)));
  return found;
}

describe('structured data', () => {
  it('names every ListItem, and gives every Product the picture its page shows', () => {
    let listItems = 0;
    for (const page of pages) {
      const nodes = nodesOf(page);
      for (const node of nodes.filter((n) => n['@type'] === 'ListItem')) {
        listItems++;
        expect(typeof node.name === 'string' && node.name.trim() !== '', `${page}: ${JSON.stringify(node)}`).toBe(true);
      }
      const products = nodes.filter((n) => n['@type'] === 'Product');
      const pictured = products.some((p) => typeof p.image === 'string');
      if (pictured) for (const product of products) expect(product.image, `${page}: ${product.name}`).toBeTruthy();
    }
    expect(listItems).toBeGreaterThan(0);
  });
});
