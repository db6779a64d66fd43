/**
 * Saving a file through /admin changes only the lines whose values changed. Decap writes a whole
 * file anew from its data (YAML folded at 80 characters, JSON with every object on its own
 * lines), so a one-sentence edit rewrapped a page and a phone number reformatted identity.json.
 * These formats keep the text each file was read from, with the entry's data, under `sourceKey`;
 * on saving they change that text only where a value differs:
 *
 * - frontmatter: the YAML is edited as a document (the `yaml` package keeps the layout, quotes
 *   and comments of every node it is not asked to change, and folds nothing: `lineWidth: 0`), the
 *   Markdown after it is kept as it was unless it changed;
 * - JSON: unchanged values keep their text; a changed object or list is written in the layout
 *   its original had (on one line, or one entry a line with the file's indentation), its keys in
 *   the file's order, whatever order the form holds them in.
 *
 * A new file has no text to keep: it is written in the same layouts. Pure functions: the YAML
 * library is passed in (./admin.ts loads the browser build; the unit tests Node's).
 */
import type * as Yaml from 'yaml';

/** The YAML library: its browser build in /admin, Node's in the tests. */
type YamlLibrary = typeof Yaml;

/** An entry's data as Decap hands it to a format and takes it back. */
type Data = Record<string, unknown>;

/** The data key that carries the file's text from reading to saving; never written to a file. */
export const sourceKey = '__source';

/**
 * The data key of a file whose frontmatter cannot be read: why, in words. Decap would show such
 * a file as an empty form named "."; with this the list, the preview and the refused save say
 * what is wrong instead (./admin.ts, ./preview.ts), and the file is never overwritten.
 */
export const unreadableKey = '__unreadable';

/**
 * Why the frontmatter `yaml` (the text between the `---` lines) cannot be read, in words that
 * name the line as the file numbers it and say how to correct it.
 */
export function unreadableWords(error: unknown, yaml: string): string {
  const line = (error as Partial<Yaml.YAMLError> | undefined)?.linePos?.[0]?.line;
  const reason = String((error as Error | undefined)?.message ?? error)
    .split('\n')[0]
    .replace(/ at line \d+, column \d+:?$/, '');
  const text = line ? yaml.split(/\r?\n/)[line - 1]?.trim() : undefined;
  const where = line ? `line ${line + 1}${text ? ` ("${text}")` : ''}` : 'its fields';
  return (
    `This file cannot be read, so the form cannot show it: ${where}: ${reason}. ` +
    'A value that holds ": " or " #", or starts with a quote, "[" or "{", must be put in quotes ' +
    '(name: "Jasmine Night: the new one"). Correct the file itself; saving this form is refused, so nothing is lost.'
  );
}

const isObject = (value: unknown): value is Data =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
  }
  return false;
}

/** `data` without the source text, and the source text. */
function split(data: Data | undefined): [Data, string | undefined] {
  const { [sourceKey]: source, ...rest }: Data = data ?? {};
  return [rest, typeof source === 'string' ? source : undefined];
}

/** `data`'s keys in the order of `sortedKeys` (the form's fields), the others after. */
function inOrder(data: Data, sortedKeys: string[] = []): Data {
  const keys = [
    ...sortedKeys.filter((k) => Object.hasOwn(data, k)),
    ...Object.keys(data).filter((k) => !sortedKeys.includes(k)),
  ];
  return Object.fromEntries(keys.map((k) => [k, data[k]]));
}

/** Changes `node` (read as `before`) so that it holds `after`, touching only what differs. */
function updateNode(YAML: YamlLibrary, doc: Yaml.Document, node: unknown, before: unknown, after: unknown): unknown {
  if (equal(before, after)) return node;
  if (isObject(before) && isObject(after) && YAML.isMap(node)) {
    for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) node.delete(key);
    for (const [key, value] of Object.entries(after)) {
      const pair = node.items.find((p) => (YAML.isScalar(p.key) ? p.key.value : p.key) === key);
      if (pair && Object.hasOwn(before, key)) pair.value = updateNode(YAML, doc, pair.value, before[key], value);
      else if (pair) pair.value = doc.createNode(value);
      else node.add(doc.createPair(key, value));
    }
    return node;
  }
  if (Array.isArray(before) && Array.isArray(after) && YAML.isSeq(node)) {
    const common = Math.min(before.length, after.length);
    for (let i = 0; i < common; i++) node.items[i] = updateNode(YAML, doc, node.items[i], before[i], after[i]);
    node.items.splice(after.length);
    for (const value of after.slice(common)) node.items.push(doc.createNode(value));
    return node;
  }
  if (YAML.isScalar(node) && (after === null || typeof after !== 'object')) {
    // The scalar keeps its style (plain, quoted); the library quotes it if the new text needs it.
    node.value = after;
    return node;
  }
  const created = doc.createNode(after);
  if (YAML.isCollection(node) && YAML.isCollection(created)) created.flow = node.flow;
  return created;
}

/** YAML text of `data`, edited into `source` (YAML text) when there is one. */
export function yamlText(YAML: YamlLibrary, data: unknown, source: string | undefined): string {
  if (source === undefined) return new YAML.Document(data).toString({ lineWidth: 0 });
  const doc = YAML.parseDocument(source);
  doc.contents = updateNode(YAML, doc, doc.contents, doc.toJS() ?? {}, data) as Yaml.ParsedNode | null;
  return doc.toString({ lineWidth: 0 });
}

const frontmatterPattern = /^---\r?\n([\s\S]*?\r?\n)?---(?:\r?\n|$)/;

/** Markdown with YAML frontmatter, as the content keeps it; the text after it is `body`. */
export function frontmatterFormat(YAML: YamlLibrary) {
  return {
    fromFile(content: string): Data {
      const match = content.match(frontmatterPattern);
      const yaml = match ? (match[1] ?? '') : '';
      let data: Data;
      try {
        data = YAML.parse(yaml) ?? {};
      } catch (error) {
        return { [unreadableKey]: unreadableWords(error, yaml), [sourceKey]: content };
      }
      const body = match ? content.slice(match[0].length) : content;
      return { ...data, body, [sourceKey]: content };
    },
    toFile(entryData: Data, sortedKeys?: string[]): string {
      refuseUnreadable(entryData);
      const [{ body: written, ...data }, source] = split(entryData);
      const body = typeof written === 'string' ? written : '';
      const match = source?.match(frontmatterPattern);
      const yaml = yamlText(YAML, match ? data : inOrder(data, sortedKeys), match ? (match[1] ?? '') : undefined);
      const before = match ? source!.slice(match[0].length) : undefined;
      const text = body === before ? before : body && !body.endsWith('\n') ? `${body}\n` : body;
      return `---\n${yaml}---\n${text}`;
    },
  };
}

/** Where one value of a JSON text is: [start, end), whether it is written on one line, and its entries'. */
interface JsonNode {
  start: number;
  end: number;
  oneLine?: boolean;
  children: Record<string, JsonNode> | JsonNode[] | undefined;
}

/** Where each value of a JSON text is: [start, end) and whether it is written on one line. */
function jsonLayout(text: string): JsonNode {
  let i = 0;
  const space = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  const value = (): JsonNode => {
    space();
    const start = i;
    const char = text[i];
    const node: JsonNode = { start, end: 0, children: undefined };
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      const object: Record<string, JsonNode> = {};
      const list: JsonNode[] = [];
      node.children = char === '{' ? object : list;
      i++;
      space();
      while (text[i] !== close) {
        if (char === '{') {
          const keyStart = i;
          i = text.indexOf('"', i + 1);
          while (text[i - 1] === '\\') i = text.indexOf('"', i + 1);
          const key = JSON.parse(text.slice(keyStart, ++i));
          space();
          i++; // :
          object[key] = value();
        } else list.push(value());
        space();
        if (text[i] === ',') i++;
        space();
      }
      i++;
    } else if (char === '"') {
      i++;
      while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    }
    node.end = i;
    node.oneLine = !text.slice(start, i).includes('\n');
    return node;
  };
  return value();
}

/** JSON text of `value`, reusing the text of `layout` (a node of `source`) wherever it still holds. */
function jsonOf(value: unknown, source: string, layout: JsonNode | undefined, indent: string, unit: string): string {
  if (layout && equal(JSON.parse(source.slice(layout.start, layout.end)), value))
    return source.slice(layout.start, layout.end);
  const sameKind =
    layout?.children &&
    (Array.isArray(value) ? Array.isArray(layout.children) : isObject(value) && !Array.isArray(layout.children));
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  // A new list entry is written like the entries before it.
  // An object's keys stay in the file's order (the form hands them over in its fields' order); new keys follow.
  const list = sameKind && Array.isArray(layout!.children) ? layout!.children : undefined;
  const map = sameKind && !Array.isArray(layout!.children) ? layout!.children : undefined;
  const object = value as Data;
  const keys = Array.isArray(value)
    ? []
    : map
      ? [
          ...Object.keys(map).filter((k) => Object.hasOwn(object, k)),
          ...Object.keys(object).filter((k) => !Object.hasOwn(map, k)),
        ]
      : Object.keys(object);
  const entries: [string | undefined, unknown, JsonNode | undefined][] = Array.isArray(value)
    ? value.map((v, i) => [undefined, v, list ? (list[i] ?? list.at(-1)) : undefined])
    : keys.map((k) => [k, object[k], map?.[k]]);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (!entries.length) return `${open}${close}`;
  const inner = indent + unit;
  // A list or object keeps being written on one line if it was (with the space it had inside its brackets).
  if (sameKind && layout!.oneLine) {
    const padded = source[layout!.start + 1] === ' ' ? ' ' : '';
    const items = entries.map(
      ([k, v, l]) => `${k === undefined ? '' : `${JSON.stringify(k)}: `}${jsonOf(v, source, l, indent, unit)}`,
    );
    return `${open}${padded}${items.join(', ')}${padded}${close}`;
  }
  const items = entries.map(
    ([k, v, l]) => `${inner}${k === undefined ? '' : `${JSON.stringify(k)}: `}${jsonOf(v, source, l, inner, unit)}`,
  );
  return `${open}\n${items.join(',\n')}\n${indent}${close}`;
}

/** JSON text of `value`, in the layout of `source` (the file's text) when there is one. */
export function jsonText(value: unknown, source: string | undefined): string {
  if (source === undefined) return `${JSON.stringify(value, null, 2)}\n`;
  const unit = source.match(/\n([ \t]+)["{[\d-]/)?.[1] ?? '  ';
  const trailing = source.match(/\s*$/)![0];
  return `${jsonOf(value, source, jsonLayout(source), '', unit)}${trailing}`;
}

/** `read(JSON of text)`, or the words saying why the file cannot be read (see `unreadableKey`). */
function readJson<T>(text: string, read: (json: T) => Data): Data {
  try {
    return { ...read(JSON.parse(text)), [sourceKey]: text };
  } catch (error) {
    return {
      [unreadableKey]: `This file cannot be read, so the form cannot show it: ${(error as Error).message}. Correct the file itself; saving this form is refused, so nothing is lost.`,
      [sourceKey]: text,
    };
  }
}

/** Refuses to write a file that could not be read: the form holds none of it. */
function refuseUnreadable(entryData: Data | undefined) {
  if (entryData?.[unreadableKey]) throw new Error(String(entryData[unreadableKey]));
}

/** A JSON file whose top level is an object. */
export const jsonFormat = {
  fromFile: (text: string) => readJson(text, (data: Data) => data),
  toFile: (entryData: Data) => {
    refuseUnreadable(entryData);
    const [data, source] = split(entryData);
    return jsonText(data, source);
  },
};

/** A JSON file whose top level is a list, edited as the field `field`. */
export const jsonListFormat = (field: string) => ({
  fromFile: (text: string) => readJson(text, (list: unknown[]) => ({ [field]: list })),
  toFile: (entryData: Data) => {
    refuseUnreadable(entryData);
    const [data, source] = split(entryData);
    return jsonText(data[field] ?? [], source);
  },
});
