/**
 * POST /api/csp-report: the violations of the Content Security Policy that visitors' browsers
 * report. The work is done by src/security/reports/handler.ts; this file wires it to the Blobs
 * store of the deploy context (src/server/deploy-store.ts: a preview's reports stay apart).
 * `npm run reports` lists what was kept.
 */
import type { Config, Context } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { handleCspReport } from '../../src/security/reports/handler';
import { join } from 'node:path';
import {
  blobsReportStore,
  builtPagesFile,
  readBuiltPages,
  reportStoreLimits,
  reportStoreName,
} from '../../src/security/reports/store';
import { contextStoreName } from '../../src/server/deploy-store';
import { extraOriginsFrom } from '../../src/server/http-request';

/** The built pages' paths, read once per instance (netlify.toml includes the build's list). */
let pages: Set<string> | undefined | null = null;
const builtPages = () => (pages === null ? (pages = readBuiltPages(join(process.cwd(), builtPagesFile))) : pages);

export default async (request: Request, context: Context) =>
  handleCspReport(request, {
    store: blobsReportStore(
      getStore({ name: contextStoreName(reportStoreName, context?.deploy?.context), consistency: 'strong' }),
      reportStoreLimits,
      builtPages(),
    ),
    extraOrigins: extraOriginsFrom(process.env),
  });

export const config: Config = {
  // A literal, as Netlify's parser requires: routes.cspReportEndpoint of src/model/routes.ts, which
  // tests/unit/routes.test.ts keeps equal to it.
  path: '/api/csp-report',
  // Thirty reports a minute per visitor IP and domain: a page that breaks reports once per load,
  // and a browser batches its Reporting API reports. As for the contact function, `aggregateBy`
  // must be a list, or the whole site would count as one visitor.
  rateLimit: {
    windowLimit: 30,
    windowSize: 60,
    aggregateBy: ['ip', 'domain'],
  },
};
