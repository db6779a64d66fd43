import type { z } from 'astro/zod';

/** "offices.0.city" style path of a zod issue, or "(file)" for the whole document. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : '(file)';
}

/** One `file: field: message` line per problem, the format every content check prints. */
export function formatIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => `${file}: ${issuePath(issue.path)}: ${issue.message}`);
}

/** Parses `data`, or throws an error whose message names the file and every bad field. */
export function parseOrExplain<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new Error(`Invalid content:\n${formatIssues(file, result.error).join('\n')}`);
  }
  return result.data;
}
