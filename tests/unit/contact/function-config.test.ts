/**
 * Netlify reads a function's rate limit from its source when it deploys, and silently drops a
 * malformed one; local emulation does not enforce it at all. So the rules are checked here as
 * Netlify's build writes them: the functions manifest of `zipFunctions`, the public API of the
 * bundler Netlify's build uses.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { listFunctions, zipFunctions, type FunctionsManifest, type TrafficRules } from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../src/model/routes';
import { retryEveryMinutes } from '../../../src/contact/deliver';
import { builtContentFile } from '../../../src/server/built-content';

type Deployed = FunctionsManifest['functions'][number] & { trafficRules?: TrafficRules };
const deployed = new Map<string, Deployed>();
/** Per function, the files its bundle was made from, as the bundler reports them. */
const inputs = new Map<string, string[]>();
const folder = mkdtempSync(join(tmpdir(), 'function-config-'));

beforeAll(async () => {
  const manifest = join(folder, 'manifest.json');
  const zipped = await zipFunctions(['netlify/functions', 'tests/fixtures/rate-limit'], join(folder, 'out'), {
    archiveFormat: 'none',
    basePath: process.cwd(),
    repositoryRoot: process.cwd(),
    manifest,
  });
  for (const fn of zipped)
    inputs.set(
      fn.name,
      (fn.inputs ?? []).map((file) => relative(process.cwd(), file)),
    );
  for (const fn of (JSON.parse(readFileSync(manifest, 'utf8')) as FunctionsManifest).functions)
    deployed.set(fn.name, fn as Deployed);
}, 60_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const of = (name: string) => {
  const fn = deployed.get(name);
  if (!fn) throw new Error(`${name} is not in the functions manifest`);
  return fn;
};
const paths = (fn: Deployed) => fn.routes?.map((route) => route.pattern);

describe('in-source function configuration, as Netlify deploys it', () => {
  it('makes every function a v2 function (Request in, Response out)', async () => {
    const listed = await listFunctions(['netlify/functions'], { parseISC: true });
    expect(listed.length).toBe(deployed.size - 1);
    for (const fn of listed) expect(fn.runtimeAPIVersion, fn.name).toBe(2);
  });

  it('send-contact-email: on routes.contactEndpoint, rate limited per IP whatever the host name', () => {
    const fn = of('send-contact-email');
    expect(paths(fn)).toEqual([routes.contactEndpoint]);
    expect(fn.trafficRules?.action.config.rateLimitConfig).toMatchObject({ windowLimit: 5, windowSize: 60 });
    // The IP alone (decision 0045): a 'domain' key would count each deploy permalink and branch
    // address apart. A list: the parser turns the plain string 'ip' into the one key 'domain'.
    expect(fn.trafficRules?.action.config.aggregate.keys).toEqual([{ type: 'ip' }]);
    expect(of('ip-as-string').trafficRules?.action.config.aggregate.keys).toEqual([{ type: 'domain' }]);
  });

  it('csp-report: on routes.cspReportEndpoint, rate limited per IP and domain', () => {
    const fn = of('csp-report');
    expect(paths(fn)).toEqual([routes.cspReportEndpoint]);
    expect(fn.trafficRules?.action.config.rateLimitConfig).toMatchObject({ windowLimit: 30, windowSize: 60 });
    expect(fn.trafficRules?.action.config.aggregate.keys).toEqual([{ type: 'ip' }, { type: 'domain' }]);
  });

  it('vitals: on routes.vitalsEndpoint, rate limited per IP and domain', () => {
    const fn = of('vitals');
    expect(paths(fn)).toEqual([routes.vitalsEndpoint]);
    expect(fn.trafficRules?.action.config.rateLimitConfig).toMatchObject({ windowLimit: 10, windowSize: 60 });
    expect(fn.trafficRules?.action.config.aggregate.keys).toEqual([{ type: 'ip' }, { type: 'domain' }]);
  });

  it('carries no Markdown and no YAML parser in any bundle: the contact function reads the content the build wrote', () => {
    for (const [name, files] of inputs) {
      expect(
        files.filter((file) => file.endsWith('.md')),
        name,
      ).toEqual([]);
      expect(
        files.filter((file) => /(^|\/)node_modules\/yaml\//.test(file)),
        name,
      ).toEqual([]);
    }
    expect(inputs.get('send-contact-email')).toContain(builtContentFile);
  });

  it('retry-contact-emails runs every retryEveryMinutes minutes', () => {
    expect(of('retry-contact-emails').schedule).toBe(`*/${retryEveryMinutes} * * * *`);
  });
});
