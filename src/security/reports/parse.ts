/**
 * Content Security Policy violation reports, as browsers send them, read into one shape.
 *
 * Two formats reach the report endpoint (src/security/reports/handler.ts):
 *
 * - `application/reports+json`, the Reporting API (the policy's `report-to`, with the endpoint
 *   named by the `Reporting-Endpoints` header): a JSON list of reports, each
 *   `{ type: "csp-violation", url, body: { documentURL, effectiveDirective, blockedURL,
 *   sourceFile, lineNumber, columnNumber, sample, disposition, ... } }`. Chromium sends these.
 * - `application/csp-report`, the older `report-uri`: one object
 *   `{ "csp-report": { "document-uri", "effective-directive", "violated-directive",
 *   "blocked-uri", "source-file", "line-number", "column-number", "script-sample",
 *   "disposition", ... } }`. Browsers without the Reporting API (Firefox, older Safari) send these.
 *
 * What is kept of a report says what was blocked and where, and nothing of the visitor: addresses
 * lose their query and fragment (a search's words, a pre-filled form), the page is its path on
 * this site, an extension's address is its scheme only, and the visitor's user agent, referrer,
 * IP address and the whole policy text are not read at all. Every field is bounded in length.
 */
import { withoutControls } from '../../text/printable.mjs';

/** How a violation arrived. */
export type ReportFormat = 'reports+json' | 'csp-report';

/** One violation, as kept. */
export interface CspViolation {
  /** The directive that blocked it ("script-src-elem", "style-src-attr", "frame-ancestors"...). */
  directive: string;
  /**
   * What was blocked: "inline", "eval", "wasm-eval", a scheme ("data:", "blob:",
   * "chrome-extension:"), a path of this site, or another site's address without its query.
   */
  blocked: string;
  /** The page it happened on: its path on this site, or the address of a page elsewhere. */
  page: string;
  /** The file whose code caused it (same form as `blocked`), with its line and column when known. */
  source: string;
  line?: number;
  column?: number;
  /** The first characters of the blocked script or style, when the policy asks for them. */
  sample: string;
  /** "enforce" (blocked) or "report" (a report-only policy let it through). */
  disposition: 'enforce' | 'report';
  format: ReportFormat;
}

/** Bounds of what one request may bring and what is kept of it. */
export const reportLimits = {
  /** Largest body read, in bytes: a batch of about 20 reports, each with its policy. */
  bodyBytes: 64 * 1024,
  /** Violations kept from one request; the rest of a batch is dropped. */
  perRequest: 20,
  /** Characters kept of an address (page, blocked, source). */
  addressChars: 300,
  /** Characters kept of a sample (browsers send at most 40). */
  sampleChars: 80,
} as const;

/** The format a media type announces, if it is one the endpoint reads. */
export function reportFormatOf(mediaType: string): ReportFormat | undefined {
  if (mediaType === 'application/reports+json') return 'reports+json';
  if (mediaType === 'application/csp-report') return 'csp-report';
  return undefined;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Control and format characters out (src/text/printable.mjs), runs of white space as one space, cut to `max`. */
const clean = (value: string, max: number) => withoutControls(value).replace(/\s+/g, ' ').trim().slice(0, max);

const whole = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n < 10_000_000 ? n : undefined;
};

/** Keywords browsers put in place of an address. */
const keywords = new Set(['inline', 'eval', 'wasm-eval', 'self', 'trusted-types-policy', 'trusted-types-sink']);

/**
 * An address as kept: this site's own origins become a path; other web addresses keep their
 * origin and path; any other scheme (data:, blob:, an extension's) is kept as its scheme alone.
 */
export function keptAddress(value: unknown, siteOrigins: readonly string[]): string {
  const raw = clean(text(value), 2048);
  if (raw === '' || keywords.has(raw.toLowerCase())) return raw.toLowerCase();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Browsers send a bare scheme for some ("data", "blob") and keywords in other spellings.
    return /^[a-z][a-z0-9+.-]*:?$/i.test(raw)
      ? `${raw.replace(/:$/, '').toLowerCase()}:`
      : clean(raw.split(/[?#]/)[0]!, reportLimits.addressChars);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return url.protocol;
  const path = decodeURIComponentSafe(url.pathname);
  const kept = siteOrigins.includes(url.origin) ? path : `${url.origin}${path}`;
  return clean(kept, reportLimits.addressChars);
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The directive's name: the effective one, else the first word of the violated one. */
function directiveOf(effective: unknown, violated: unknown): string {
  const name = (text(effective) || text(violated)).trim().split(/\s+/)[0]!.toLowerCase();
  return /^[a-z-]{1,40}$/.test(name) ? name : '';
}

interface RawViolation {
  documentURL: unknown;
  effectiveDirective: unknown;
  violatedDirective?: unknown;
  blockedURL: unknown;
  sourceFile: unknown;
  lineNumber: unknown;
  columnNumber: unknown;
  sample: unknown;
  disposition: unknown;
}

function violationOf(
  raw: RawViolation,
  format: ReportFormat,
  siteOrigins: readonly string[],
): CspViolation | undefined {
  const directive = directiveOf(raw.effectiveDirective, raw.violatedDirective);
  const page = keptAddress(raw.documentURL, siteOrigins);
  if (!directive || !page) return undefined;
  const line = whole(raw.lineNumber);
  const column = whole(raw.columnNumber);
  return {
    directive,
    blocked: keptAddress(raw.blockedURL, siteOrigins),
    page,
    source: keptAddress(raw.sourceFile, siteOrigins),
    ...(line ? { line } : {}),
    ...(column ? { column } : {}),
    sample: clean(text(raw.sample), reportLimits.sampleChars),
    disposition: text(raw.disposition) === 'report' ? 'report' : 'enforce',
    format,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type ParseResult = { ok: true; violations: CspViolation[]; ignored: number } | { ok: false; error: string };

/**
 * The violations of a request's body in `format`. `siteOrigins` are the origins whose addresses
 * are kept as paths. Reports of other types (a Reporting API batch may carry deprecations or
 * interventions) and entries without a directive or page are counted as ignored; so is whatever
 * follows the first `reportLimits.perRequest` violations.
 */
export function parseReports(body: string, format: ReportFormat, siteOrigins: readonly string[]): ParseResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, error: 'The body is not valid JSON' };
  }
  const violations: CspViolation[] = [];
  let ignored = 0;
  const add = (violation: CspViolation | undefined) => {
    if (violation && violations.length < reportLimits.perRequest) violations.push(violation);
    else ignored++;
  };
  if (format === 'reports+json') {
    if (!Array.isArray(parsed)) return { ok: false, error: 'A reports+json body must be a JSON list of reports' };
    for (const report of parsed) {
      if (!isObject(report) || report.type !== 'csp-violation' || !isObject(report.body)) {
        ignored++;
        continue;
      }
      const b = report.body;
      add(
        violationOf(
          {
            documentURL: b.documentURL ?? report.url,
            effectiveDirective: b.effectiveDirective,
            blockedURL: b.blockedURL,
            sourceFile: b.sourceFile,
            lineNumber: b.lineNumber,
            columnNumber: b.columnNumber,
            sample: b.sample,
            disposition: b.disposition,
          },
          format,
          siteOrigins,
        ),
      );
    }
    return { ok: true, violations, ignored };
  }
  const report = isObject(parsed) ? parsed['csp-report'] : undefined;
  if (!isObject(report)) return { ok: false, error: 'A csp-report body must be an object with a "csp-report" member' };
  add(
    violationOf(
      {
        documentURL: report['document-uri'],
        effectiveDirective: report['effective-directive'],
        violatedDirective: report['violated-directive'],
        blockedURL: report['blocked-uri'],
        sourceFile: report['source-file'],
        lineNumber: report['line-number'],
        columnNumber: report['column-number'],
        sample: report['script-sample'],
        disposition: report.disposition,
      },
      format,
      siteOrigins,
    ),
  );
  return { ok: true, violations, ignored };
}
