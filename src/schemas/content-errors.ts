import type { z } from 'astro/zod';

/** "offices.0.city" style path of a zod issue, or "(file)" for the whole document. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : '(file)';
}

/** The zod internals this module walks: every schema has a `_zod.def` saying what it is. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => schema._zod.def as Def;

/** The schema itself, or what it wraps (optional, default, a pipe's input...), outermost first. */
function layers(schema: z.ZodType): z.ZodType[] {
  const def = defOf(schema);
  const inner = def.innerType ?? def.in ?? (def.type === 'lazy' ? def.getter?.() : undefined);
  return inner ? [schema, ...layers(inner)] : [schema];
}

/** The schema of the value under `key` in `value`, as the schema `schema` reads it. */
function childSchema(schema: z.ZodType, value: unknown, key: PropertyKey): z.ZodType | undefined {
  for (const layer of layers(schema)) {
    const def = defOf(layer);
    if (def.type === 'object') return def.shape?.[String(key)];
    if (def.type === 'array') return def.element;
    if (def.type === 'union') {
      const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
      const options = def.options ?? [];
      // A discriminated union: the variant whose tag the value has; otherwise the first variant
      // that has the field.
      const variant = def.discriminator
        ? options.find((o) => childSchema(o, record, def.discriminator!)?.safeParse(record[def.discriminator!]).success)
        : undefined;
      // Without its tag, no variant's field is this one's.
      if (def.discriminator && !variant) return undefined;
      const candidates = variant ? [variant] : options;
      for (const option of candidates) {
        const child = childSchema(option, value, key);
        if (child) return child;
      }
      return undefined;
    }
  }
  return undefined;
}

/** The schema of the field at `path` of `data`, as `schema` reads it. */
function fieldSchema(schema: z.ZodType, data: unknown, path: readonly PropertyKey[]): z.ZodType | undefined {
  let node: z.ZodType | undefined = schema;
  let value = data;
  for (const key of path) {
    if (!node) return undefined;
    node = childSchema(node, value, key);
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key as string] : undefined;
  }
  return node;
}

/** The description (`.describe()`) of the field at `path` of `data`, as `schema` reads it. */
export function fieldDescription(schema: z.ZodType, data: unknown, path: readonly PropertyKey[]): string | undefined {
  const node = fieldSchema(schema, data, path);
  return node
    ? layers(node)
        .map((layer) => layer.description)
        .find(Boolean)
    : undefined;
}

const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (value, key) =>
      value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key as string] : undefined,
    data,
  );

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An issue's message in an editor's words. A required field that is missing or empty says so
 * with the field's own description ("required: Fragrance name"), never "expected string,
 * received null"; every other issue keeps the schema's message.
 */
export function issueMessage(issue: z.core.$ZodIssue, schema?: z.ZodType, data?: unknown): string {
  if (!schema || issue.path.length === 0 || issue.code === 'unrecognized_keys') return issue.message;
  if (!isBlank(valueAt(data, issue.path))) return issue.message;
  const node = fieldSchema(schema, data, issue.path);
  // An optional field left empty keeps its own message (it may be left out instead).
  if (!node || layers(node).some((layer) => defOf(layer).type === 'optional')) return issue.message;
  const description = layers(node)
    .map((layer) => layer.description)
    .find(Boolean);
  return description ? `required: ${description.replace(/\.$/, '')}` : issue.message;
}

/**
 * One `file: field: message` line per problem, the format every content check prints. With the
 * schema and the data, a missing or empty required field is explained by its description.
 */
export function formatIssues(file: string, error: z.ZodError, schema?: z.ZodType, data?: unknown): string[] {
  return error.issues.map((issue) => `${file}: ${issuePath(issue.path)}: ${issueMessage(issue, schema, data)}`);
}

/** Parses `data`, or throws an error whose message names the file and every bad field. */
export function parseOrExplain<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new Error(`Invalid content:\n${formatIssues(file, result.error, schema, data).join('\n')}`);
  }
  return result.data;
}
