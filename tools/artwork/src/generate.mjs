#!/usr/bin/env node
/**
 * Original-artwork generator: draws the abstract illustrations the content asks for.
 * Run it from the site's root folder (the `artwork` command of this workspace):
 *
 *   npm run artwork                # missing images under src/content
 *   npm run artwork -- --force     # redraw all of them
 *   npm run artwork -- --job public/og/home.webp:microencapsulation:violet:og-home --width 1200 --height 630
 *
 * Every `image: ./relative/path.webp` in the frontmatter of a Markdown file under the root is
 * resolved next to that file; missing files (or all, with --force) are drawn. Pictures are
 * deterministic: the seed is the image path relative to the root. Run with --help for options.
 */
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { artworkSvg, rasterise } from './render.mjs';
import { scanContent } from './content.mjs';

/** @typedef {import('./content.mjs').Job} Job */
/** A picture as given by --job or --jobs, before its path is resolved. @typedef {Omit<Job, 'source'>} JobSpec */

/** The site being drawn for: relative paths, the default root and explicit jobs' seeds start here. */
const SITE = process.cwd();
/** @type {Record<string, string>} */
const FORMATS = { '.webp': 'webp', '.png': 'png', '.jpg': 'jpeg', '.jpeg': 'jpeg', '.avif': 'avif' };

const HELP = `Usage: artwork [options]   (from the site's root folder)

Draws missing illustrations for the image fields of src/content/**/*.md, or explicit jobs.

Options
  --root <dir>          folder to scan for Markdown (default: src/content)
  --force               redraw images that already exist
  --dry-run             list what would be drawn, write nothing
  --only <text>         only images whose path or subject contains <text> (repeatable)
  --job <spec>          explicit picture, repeatable: out.webp:subject[:colour[:seed]]
                        (relative paths are taken from the current directory)
  --jobs <file|json>    JSON list of { out, subject, colour?, seed?, width?, height? }
  --width <px>          default 1200
  --height <px>         default 800
  --quality <1-100>     default 80
  --concurrency <n>     pictures rendered at once (default: number of CPUs, at least 2)
  --help                this text

With --job/--jobs the content folder is only scanned when --root is also given.
Existing files are kept unless --force is given, for explicit jobs too.`;

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`generate: ${message}`);
  process.exit(2);
}

function readOptions() {
  try {
    return parseArgs({
      allowPositionals: false,
      options: {
        root: { type: 'string' },
        force: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        only: { type: 'string', multiple: true, default: [] },
        job: { type: 'string', multiple: true, default: [] },
        jobs: { type: 'string', multiple: true, default: [] },
        width: { type: 'string', default: '1200' },
        height: { type: 'string', default: '800' },
        quality: { type: 'string', default: '80' },
        concurrency: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : error}\n\n${HELP}`);
  }
}

/**
 * @param {string} value
 * @param {string} name the option, for the message
 * @param {number} [max]
 */
const positiveInt = (value, name, max = 10000) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) fail(`--${name} must be a whole number from 1 to ${max}`);
  return n;
};

/**
 * `out.webp:subject:colour:seed`; the seed may itself contain colons.
 * @param {string} spec
 * @returns {JobSpec}
 */
function parseJobSpec(spec) {
  const [out, subject = '', colour, ...seed] = spec.split(':');
  if (!out || !subject) fail(`--job "${spec}" needs at least out-file:subject`);
  return { out, subject, colour: colour || undefined, seed: seed.length ? seed.join(':') : undefined };
}

/**
 * @param {string} arg a JSON file, or the JSON list itself
 * @returns {Promise<JobSpec[]>}
 */
async function readJobList(arg) {
  const text = arg.trim().startsWith('[') ? arg : await readFile(arg, 'utf8').catch(() => fail(`cannot read --jobs file ${arg}`));
  /** @type {unknown} */
  let list;
  try {
    list = JSON.parse(text);
  } catch (error) {
    fail(`--jobs is not valid JSON: ${error instanceof Error ? error.message : error}`);
  }
  if (!Array.isArray(list)) fail('--jobs must be a JSON list');
  return list.map((job, i) => {
    if (!job || typeof job.out !== 'string' || typeof job.subject !== 'string') fail(`--jobs item ${i} needs "out" and "subject" strings`);
    return job;
  });
}

/** @param {string} file */
const exists = (file) => stat(file).then(() => true, () => false);

/**
 * Write via a temporary name, so a watching dev server never sees half a file.
 * @param {string} file
 * @param {Buffer} buffer
 */
async function writeAtomically(file, buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, buffer);
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
}

/**
 * Runs `worker` over `items`, at most `size` at a time.
 * @template T
 * @param {T[]} items
 * @param {number} size
 * @param {(item: T) => Promise<void>} worker
 */
async function runPool(items, size, worker) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await worker(item);
    }
  });
  await Promise.all(lanes);
}

async function main() {
  const opts = readOptions();
  if (opts.help) {
    console.log(HELP);
    return 0;
  }
  const defaults = {
    width: positiveInt(opts.width, 'width'),
    height: positiveInt(opts.height, 'height'),
    quality: positiveInt(opts.quality, 'quality', 100),
  };
  const concurrency = opts.concurrency ? positiveInt(opts.concurrency, 'concurrency', 64) : Math.max(2, availableParallelism());
  const started = performance.now();

  /** @type {Job[]} */
  const jobs = [];
  /** @type {string[]} */
  const warnings = [];
  const explicit = [...opts.job.map(parseJobSpec), ...(await Promise.all(opts.jobs.map(readJobList))).flat()];
  for (const job of explicit) {
    const out = path.resolve(job.out);
    jobs.push({ ...job, out, seed: job.seed ?? path.relative(SITE, out).split(path.sep).join('/'), source: '--job' });
  }
  /** @type {string | undefined} */
  let root;
  if (!explicit.length || opts.root) {
    root = path.resolve(opts.root ?? path.join(SITE, 'src/content'));
    if (!(await exists(root))) fail(`root folder ${root} does not exist`);
    const scan = await scanContent(root);
    jobs.push(...scan.jobs);
    warnings.push(...scan.warnings);
  }
  for (const warning of warnings) console.warn(`warning: ${warning}`);

  /** @param {string} file */
  const shown = (file) => path.relative(process.cwd(), file) || file;
  const filtered = opts.only.length ? jobs.filter((j) => opts.only.some((t) => `${j.out} ${j.subject}`.toLowerCase().includes(t.toLowerCase()))) : jobs;
  /** @type {(Job & { format: string })[]} */
  const todo = [];
  let kept = 0;
  for (const job of filtered) {
    const format = FORMATS[path.extname(job.out).toLowerCase()];
    if (!format) {
      warnings.push(`${shown(job.out)}: unsupported extension (use ${Object.keys(FORMATS).join(', ')}), skipped`);
      console.warn(`warning: ${warnings.at(-1)}`);
      continue;
    }
    if (!opts.force && (await exists(job.out))) kept += 1;
    else todo.push({ ...job, format });
  }

  let failed = 0;
  let bytes = 0;
  await runPool(todo, concurrency, async (job) => {
    const t0 = performance.now();
    const size = { width: job.width ?? defaults.width, height: job.height ?? defaults.height };
    try {
      const { svg, recipe } = artworkSvg({ subject: job.subject, colour: job.colour, seed: job.seed, ...size });
      const label = `${recipe}, ${job.colour ?? 'teal'}, ${size.width}x${size.height}`;
      if (opts['dry-run']) {
        console.log(`would draw ${shown(job.out)}  (${label})`);
        return;
      }
      const buffer = await rasterise(svg, { format: job.format, quality: job.quality ?? defaults.quality });
      await writeAtomically(job.out, buffer);
      bytes += buffer.length;
      console.log(`drew ${shown(job.out)}  (${label}, ${(buffer.length / 1024).toFixed(0)} KB, ${Math.round(performance.now() - t0)} ms)`);
    } catch (error) {
      failed += 1;
      console.error(`failed ${shown(job.out)}: ${error instanceof Error ? error.message : error}`);
    }
  });

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const drawn = opts['dry-run'] ? 0 : todo.length - failed;
  const parts = [
    opts['dry-run'] ? `${todo.length} to draw (dry run)` : `${drawn} drawn${drawn ? ` (${(bytes / 1024).toFixed(0)} KB)` : ''}`,
    `${kept} already present`,
    failed ? `${failed} failed` : null,
    warnings.length ? `${warnings.length} warning${warnings.length > 1 ? 's' : ''}` : null,
  ].filter(Boolean);
  console.log(`artwork: ${parts.join(', ')}${root ? ` from ${shown(root)}` : ''} in ${seconds} s`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
