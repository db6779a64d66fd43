/**
 * Netlify reads a function's rate limit from its source when it deploys, and silently drops a
 * malformed one; local emulation does not enforce it at all. So the rule is checked here with
 * Netlify's own parser.
 */
import { describe, expect, it } from 'vitest';
// Deep imports: the parser and rule builder Netlify's build uses.
import { parseFile } from '@netlify/zip-it-and-ship-it/dist/runtimes/node/in_source_config/index.js';
import { getTrafficRulesConfig } from '@netlify/zip-it-and-ship-it/dist/rate_limit.js';
import { routes } from '../../../src/model/routes';
import { retryEveryMinutes } from '../../../src/contact/deliver';

type Parsed = { config: { path?: string[]; rateLimit?: unknown; schedule?: string }; runtimeAPIVersion?: number };

describe("in-source function configuration, read by Netlify's parser", () => {
  it('send-contact-email: v2 function on routes.contactEndpoint, rate limited per IP whatever the host name', async () => {
    const parsed = (await parseFile('netlify/functions/send-contact-email.ts', {
      functionName: 'send-contact-email',
    })) as Parsed;
    expect(parsed.runtimeAPIVersion).toBe(2);
    expect(parsed.config.path).toEqual([routes.contactEndpoint]);
    expect(parsed.config.rateLimit).toEqual({ windowLimit: 5, windowSize: 60, aggregateBy: ['ip'] });
    const rules = getTrafficRulesConfig(parsed.config.rateLimit as Parameters<typeof getTrafficRulesConfig>[0])!;
    expect(rules.action.config.rateLimitConfig).toMatchObject({ windowLimit: 5, windowSize: 60 });
    // The IP alone (decision 0045): a 'domain' key would count each deploy permalink and branch
    // address apart. A list: the parser turns the plain string 'ip' into the one key 'domain'.
    expect(rules.action.config.aggregate.keys).toEqual([{ type: 'ip' }]);
    const asString = getTrafficRulesConfig({ windowLimit: 5, windowSize: 60, aggregateBy: 'ip' })!;
    expect(asString.action.config.aggregate.keys).toEqual([{ type: 'domain' }]);
  });

  it('csp-report: v2 function on routes.cspReportEndpoint, rate limited per IP and domain', async () => {
    const parsed = (await parseFile('netlify/functions/csp-report.ts', { functionName: 'csp-report' })) as Parsed;
    expect(parsed.runtimeAPIVersion).toBe(2);
    expect(parsed.config.path).toEqual([routes.cspReportEndpoint]);
    const rules = getTrafficRulesConfig(parsed.config.rateLimit as Parameters<typeof getTrafficRulesConfig>[0])!;
    expect(rules.action.config.rateLimitConfig).toMatchObject({ windowLimit: 30, windowSize: 60 });
    expect(rules.action.config.aggregate.keys).toEqual([{ type: 'ip' }, { type: 'domain' }]);
  });

  it('vitals: v2 function on routes.vitalsEndpoint, rate limited per IP and domain', async () => {
    const parsed = (await parseFile('netlify/functions/vitals.ts', { functionName: 'vitals' })) as Parsed;
    expect(parsed.runtimeAPIVersion).toBe(2);
    expect(parsed.config.path).toEqual([routes.vitalsEndpoint]);
    expect(parsed.config.rateLimit).toEqual({ windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] });
    const rules = getTrafficRulesConfig(parsed.config.rateLimit as Parameters<typeof getTrafficRulesConfig>[0])!;
    expect(rules.action.config.rateLimitConfig).toMatchObject({ windowLimit: 10, windowSize: 60 });
    expect(rules.action.config.aggregate.keys).toEqual([{ type: 'ip' }, { type: 'domain' }]);
  });

  it('retry-contact-emails runs every retryEveryMinutes minutes', async () => {
    const parsed = (await parseFile('netlify/functions/retry-contact-emails.ts', {
      functionName: 'retry-contact-emails',
    })) as Parsed;
    expect(parsed.config.schedule).toBe(`*/${retryEveryMinutes} * * * *`);
  });
});
