/**
 * What `npm run reports` prints: the Content Security Policy's violation reports kept by the
 * report endpoint (src/security/reports/store.ts), grouped by directive, then by page, then by
 * what was blocked and where, with how many times and on which days.
 */

/**
 * The entries, summed: one group per directive (most reports first), in it one per page, in it
 * one line per distinct violation.
 * @param {import('./store.ts').ReportRecord[]} records
 */
export function groupReports(records) {
  const directives = new Map();
  for (const r of records) {
    const directive = directives.get(r.directive) ?? { directive: r.directive, count: 0, pages: new Map() };
    directives.set(r.directive, directive);
    directive.count += r.count;
    const page = directive.pages.get(r.page) ?? {
      page: r.page,
      count: 0,
      first: r.day,
      last: r.day,
      violations: new Map(),
    };
    directive.pages.set(r.page, page);
    page.count += r.count;
    if (r.day < page.first) page.first = r.day;
    if (r.day > page.last) page.last = r.day;
    const what = JSON.stringify([r.blocked, r.source, r.line ?? null, r.column ?? null, r.sample, r.disposition]);
    const violation = page.violations.get(what) ?? {
      blocked: r.blocked,
      source: r.source,
      line: r.line,
      column: r.column,
      sample: r.sample,
      disposition: r.disposition,
      count: 0,
      formats: new Set(),
    };
    page.violations.set(what, violation);
    violation.count += r.count;
    violation.formats.add(r.format);
  }
  const byCount = (a, b) => b.count - a.count;
  return [...directives.values()].sort(byCount).map((d) => ({
    ...d,
    pages: [...d.pages.values()]
      .sort(byCount)
      .map((p) => ({ ...p, violations: [...p.violations.values()].sort(byCount) })),
  }));
}

const position = (v) => (v.source ? `${v.source}${v.line ? `:${v.line}${v.column ? `:${v.column}` : ''}` : ''}` : '');

/** The lines `npm run reports` prints for the grouped entries. */
export function describeReports(groups) {
  const lines = [];
  for (const d of groups) {
    lines.push(`${d.directive}: ${d.count} report(s) on ${d.pages.length} page(s)`);
    for (const p of d.pages) {
      lines.push(`  ${p.page}  ${p.count}×  ${p.first === p.last ? p.first : `${p.first} to ${p.last}`}`);
      for (const v of p.violations) {
        const where = position(v);
        lines.push(
          `    ${String(v.count).padStart(5)}×  blocked ${v.blocked || '(nothing named)'}${where ? ` from ${where}` : ''}` +
            `${v.sample ? `  "${v.sample}"` : ''}${v.disposition === 'report' ? '  (report only)' : ''}  [${[...v.formats].join(', ')}]`,
        );
      }
    }
  }
  return lines;
}
