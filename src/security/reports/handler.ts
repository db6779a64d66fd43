/**
 * POST /api/csp-report (routes.cspReportEndpoint): where browsers send the violations of the
 * site's Content Security Policy, through the policy's `report-to` (the Reporting API,
 * `application/reports+json`) or `report-uri` (`application/csp-report`). A plain function of a
 * Request, so tests call it directly; netlify/functions/csp-report.ts wires it to Blobs.
 *
 * Order of work: refuse what is malformed (a 4xx a browser ignores), read at most
 * `reportLimits.bodyBytes` of the body, keep each violation of it (src/security/reports/store.ts:
 * de-duplicated per day, bounded), answer 204. Netlify's rate limit (the function's
 * `config.rateLimit`) caps how often one visitor may post.
 */
import { functionAnswer } from '../function-headers';
import { declaresMoreThan, isSameOrigin, mediaTypeOf, readLimited } from '../../server/http-request';
import { parseReports, reportFormatOf, reportLimits } from './parse';
import type { KeepOutcome, ReportStore } from './store';

export interface ReportDependencies {
  store: ReportStore;
  now?: () => Date;
  log?: (line: string) => void;
  /** Origins besides the request's own whose pages may report (the production and deploy addresses). */
  extraOrigins?: readonly string[];
}

export async function handleCspReport(request: Request, deps: ReportDependencies): Promise<Response> {
  const { store, now = () => new Date(), log = (line: string) => console.log(line), extraOrigins = [] } = deps;
  if (request.method !== 'POST') return functionAnswer(405, 'Only POST is accepted', { allow: 'POST' });
  if (!isSameOrigin(request, extraOrigins)) return functionAnswer(403, "Reports are taken from this site's pages only");
  const format = reportFormatOf(mediaTypeOf(request));
  if (!format) return functionAnswer(415, 'Send reports as application/reports+json or application/csp-report');
  const tooLarge = `A report body is at most ${reportLimits.bodyBytes / 1024} KB`;
  if (declaresMoreThan(request, reportLimits.bodyBytes)) return functionAnswer(413, tooLarge);
  const body = await readLimited(request, reportLimits.bodyBytes);
  if (body === undefined) return functionAnswer(413, tooLarge);
  const parsed = parseReports(body, format, [new URL(request.url).origin, ...extraOrigins]);
  if (!parsed.ok) return functionAnswer(400, parsed.error);
  const at = now();
  const outcomes: KeepOutcome[] = [];
  try {
    // One at a time: repeats of one violation in a batch then count on one entry.
    for (const violation of parsed.violations) outcomes.push(await store.keep(violation, at));
  } catch (error) {
    log(`csp report: the store could not keep a report: ${error instanceof Error ? error.message : String(error)}`);
    return functionAnswer(503, 'The report could not be kept just now');
  }
  if (outcomes.includes('full'))
    log(
      `csp report: the day's limit of distinct reports is reached; ${outcomes.filter((o) => o === 'full').length} dropped`,
    );
  return functionAnswer(204);
}
