// @ts-check
/**
 * The one frontmatter parser of the project: `npm run content:check` reads Markdown through it.
 * Plain JavaScript with JSDoc types, so Node scripts import it without a TypeScript loader.
 */
import { parse as parseYaml } from 'yaml';

const block = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/**
 * The YAML data between the two `---` lines that open a Markdown file (`{}` for an empty block).
 * Throws when the file does not start with such a block, or when the YAML is invalid.
 * @param {string} text the whole file
 * @returns {unknown}
 */
export function parseFrontmatter(text) {
  const match = block.exec(text);
  if (!match) throw new Error('the file must start with a frontmatter block between two "---" lines');
  return parseYaml(match[1] ?? '') ?? {};
}

/**
 * The Markdown after the frontmatter block: what the page renders below its fields.
 * Throws, as parseFrontmatter does, when the file does not start with a block.
 * @param {string} text the whole file
 * @returns {string}
 */
export function markdownBody(text) {
  const match = block.exec(text);
  if (!match) throw new Error('the file must start with a frontmatter block between two "---" lines');
  return text.slice(match[0].length);
}
