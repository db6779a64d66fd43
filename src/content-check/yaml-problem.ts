/**
 * A mistake in the YAML between a Markdown file's `---` lines, in an editor's words: the line of
 * the file, what is wrong, and how to correct it ("put the value in quotes"), instead of the
 * parser's "Nested mappings are not allowed in compact mappings at line 3, column 7". CONTENT.md
 * (*Quotes, lists and indentation*) explains the same rules.
 */

/** What a YAML error of the `yaml` package carries: its code and where it is, counted from 1. */
interface YamlError {
  code?: string;
  message: string;
  linePos?: [{ line: number; col: number }, ...unknown[]];
}

export interface YamlProblem {
  /** The field the faulty line writes, or "(file)". */
  field: string;
  message: string;
}

/** A YAML value in double quotes, its own quotes and backslashes escaped. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** `name: value` (or `- name: value` in a list), with the value as written. */
const fieldLine = /^(\s*(?:-\s+)?)([A-Za-z0-9_-]+):(?:\s+(.*))?$/;

/** Characters a value without quotes may not start with. */
const reservedStart = /^[@`%!&*|>]/;

/**
 * The problem of a file whose frontmatter the parser refused. `text` is the whole file; the
 * parser counts lines from the first line after the opening `---`, the editor from the file's
 * first line.
 */
export function yamlProblem(text: string, error: unknown): YamlProblem {
  const yaml = error as YamlError;
  const parserMessage = (yaml.message ?? String(error)).split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const position = yaml.linePos?.[0];
  if (!position) return { field: '(file)', message: parserMessage };
  const lines = text.split(/\r?\n/);
  // The parser stops where it noticed the mistake: after an unclosed quote or list, on a later
  // line. The editor is sent to the line that opens it, the nearest one above.
  const opens = (candidate: string) => {
    const value = fieldLine.exec(candidate)?.[3]?.trim() ?? '';
    const quote = /^["']/.exec(value)?.[0];
    if (quote) return value.length === 1 || !value.endsWith(quote);
    return value.startsWith('[') && !value.includes(']');
  };
  let lineNumber = position.line + 1;
  if (yaml.code === 'MISSING_CHAR' || yaml.code === 'BAD_INDENT') {
    for (let n = lineNumber; n >= 2; n -= 1) {
      if (opens(lines[n - 1] ?? '')) {
        lineNumber = n;
        break;
      }
    }
  }
  const line = lines[lineNumber - 1] ?? '';
  const at = `line ${lineNumber}`;
  const match = fieldLine.exec(line);
  const field = match?.[2] ?? '(file)';
  const value = match?.[3]?.trim() ?? '';
  const unquoted = value !== '' && !/^["'[{]/.test(value);

  if (yaml.code === 'DUPLICATE_KEY')
    return { field, message: `${at}: "${field}" is written twice in this block; keep one of them` };
  if (yaml.code === 'TAB_AS_INDENT')
    return { field, message: `${at}: the line is indented with a tab; indent with spaces only` };
  if (yaml.code === 'MISSING_CHAR' && /quote/i.test(yaml.message))
    return {
      field,
      message: `${at}: a value opened with a quote is not closed; end it with the same quote on the line where it starts`,
    };
  const quote = /^["']/.exec(value)?.[0];
  if (
    quote &&
    value.length > 1 &&
    value.slice(1, -1).replace(/\\./g, '').includes(quote) &&
    yaml.code !== 'MISSING_CHAR'
  )
    return {
      field,
      message: `${at}: the value's quotes end before the value does; inside a value in ${quote === '"' ? 'double' : 'single'} quotes write a quote as ${quote === '"' ? '\\"' : "''"}, or put the value in the other kind of quotes`,
    };
  if (unquoted && /:(\s|$)/.test(value))
    return {
      field,
      message: `${at}: the value of "${field}" has a colon followed by a space, which YAML reads as the start of another field; put the value in quotes: ${match![1]!.trimStart()}${field}: ${quoted(value)}`,
    };
  if (unquoted && reservedStart.test(value))
    return {
      field,
      message: `${at}: a value may not start with "${value[0]}" unless it is in quotes; put the value in quotes: ${field}: ${quoted(value)}`,
    };
  if (/^\S+:\s*\[/.test(line.trim()) && !line.includes(']'))
    return {
      field,
      message: `${at}: the list in square brackets is not closed; end it with "]" on the same line, e.g. ${field}: [One, Two]`,
    };
  if (yaml.code === 'BLOCK_AS_IMPLICIT_KEY' || yaml.code === 'BAD_INDENT' || /indent/i.test(yaml.message))
    return {
      field,
      message: `${at}: the line is not indented like the lines around it; give the fields of one block, and the "- " entries of one list, the same number of spaces`,
    };
  return {
    field,
    message: `${at}: YAML cannot read this line (${parserMessage}); check its quotes, lists and indentation`,
  };
}

/**
 * The files a file names as `./<folder>/<name>`, read from its text: what a file the parser
 * refused still uses, so its picture and documents are not reported as unused.
 */
export const namedFiles = (text: string): string[] =>
  [...text.matchAll(/\.\/[\w.-]+\/[\w.-]+\.(?:pdf|webp|png|jpe?g|svg|avif|gif)\b/gi)].map(([path]) => path);

/** The `slug: …` a file's text writes at its top level, read without the parser, or undefined. */
export const writtenSlug = (text: string): string | undefined =>
  /^slug:\s*["']?([a-z0-9]+(?:-[a-z0-9]+)*)["']?\s*$/m.exec(text)?.[1];
