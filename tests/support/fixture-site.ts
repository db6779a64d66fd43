/**
 * The one fixture build of a test run: a copy of the project with every content change that the
 * tests of a changed catalogue read, built once and shared (tests/unit/catalogue-build.test.ts,
 * tests/e2e/item-data.spec.ts), where each of them used to build a copy of its own. In it:
 *
 * - the full-data test item that `npm run bench -- --catalogue` measures (bench/catalogue.mjs);
 * - one more item in the first category that has items;
 * - in a second category, enough items to take it past its full cards to pages of compact rows,
 *   and one of its files renamed with capitals and a space, as `git mv` may.
 *
 * The copy lives in the system's temporary folder under a name of this project; a file beside it
 * records what was changed and a fingerprint of the project's files (tracked, changed and new), so
 * a later test of the same run, or a run on the same files, reuses it instead of building again.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify as stringifyYaml } from 'yaml';
import { addFullDataItem } from '../../bench/catalogue.mjs';
import { fullCardLimit, perPage } from '../../src/model/catalogue-pages';
import { codeAtStart, codeFields } from '../../src/model/catalogue-item';
import { markdownBody, parseFrontmatter } from '../../src/text/frontmatter.mjs';
import { copyProject } from './site';

export interface FixtureSite {
  /** The copy's folder; its build is in `dist/` there. */
  root: string;
  /** The category with one more item, its item files before that one, and the new item's title. */
  category: string;
  cardsBefore: number;
  newTitle: string;
  /** The category taken past its full cards, and its renamed file's slug (its address). */
  largeCategory: string;
  renamed: { from: string; slug: string };
  /** The full-data test item: its id (`category/slug`) and frontmatter. */
  fullDataItem: { id: string; data: { name?: string; title?: string } };
}

const project = process.cwd();
const folderName = `site-fixture-${createHash('sha256').update(project).digest('hex').slice(0, 10)}`;
const fixtureRoot = join(tmpdir(), folderName);
const record = join(tmpdir(), `${folderName}.json`);
const lock = join(tmpdir(), `${folderName}.lock`);
const productsFolder = 'src/content/products';

/** The fixture build, made now unless the one on disk was made from the same files. */
export function fixtureSite(): FixtureSite {
  return oneAtATime(buildOrReuse);
}

/**
 * One fixture build at a time: `npm test` runs the unit tests and the browser tests side by side
 * (scripts/test.sh), and both ask for the fixture. The second waits for the first's build, then
 * finds it made from the same files and reuses it. A lock left by a process that has gone (a run
 * stopped mid-build) is taken over.
 */
function oneAtATime<T>(work: () => T): T {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (lockHolderGone()) rmSync(lock, { recursive: true, force: true });
      // fixtureSite() is synchronous, as its build is: a blocking wait of a quarter second.
      else Atomics.wait(sleeper, 0, 0, 250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockHolderGone(): boolean {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No such process: gone. No pid file yet: the holder is between its two steps, unless the
    // lock is older than any build.
    if (code === 'ESRCH') return true;
    if (code === 'ENOENT') {
      try {
        return Date.now() - statSync(lock).mtimeMs > 15 * 60_000;
      } catch {
        return false;
      }
    }
    return false;
  }
}

function buildOrReuse(): FixtureSite {
  const fingerprint = projectFingerprint();
  if (existsSync(record) && existsSync(join(fixtureRoot, 'dist'))) {
    const saved = JSON.parse(readFileSync(record, 'utf8')) as FixtureSite & { fingerprint: string };
    if (saved.fingerprint === fingerprint) return saved;
  }
  rmSync(record, { force: true });
  rmSync(fixtureRoot, { recursive: true, force: true });
  renameSync(copyProject('site-fixture-'), fixtureRoot);
  const site = { ...changeContent(fixtureRoot), root: fixtureRoot };
  const built = spawnSync(process.execPath, [join(fixtureRoot, 'node_modules/.bin/astro'), 'build'], {
    cwd: fixtureRoot,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (built.status !== 0) {
    rmSync(fixtureRoot, { recursive: true, force: true });
    throw new Error(`the fixture build failed:\n${built.stdout.slice(-4000)}\n${built.stderr.slice(-4000)}`);
  }
  writeFileSync(record, JSON.stringify({ ...site, fingerprint }, null, 2));
  return site;
}

/** The changes of the module comment, made in the copy at `root`. */
function changeContent(root: string): Omit<FixtureSite, 'root'> {
  const products = join(root, productsFolder);
  const fullDataItem = addFullDataItem(root) as FixtureSite['fullDataItem'];
  // The bench's item copies its codes; the content check wants each item's own.
  const fullDataFile = join(products, `${fullDataItem.id}.md`);
  const fullDataText = readFileSync(fullDataFile, 'utf8');
  const fullDataData = parseFrontmatter(fullDataText) as Record<string, unknown>;
  ownCodesAndOrder(fullDataData, 999);
  writeFileSync(
    fullDataFile,
    `---\n${stringifyYaml(fullDataData, { lineWidth: 0 })}---\n${markdownBody(fullDataText)}`,
  );
  fullDataItem.data = fullDataData;
  const itemFiles = (category: string) =>
    readdirSync(join(products, category))
      .filter((name) => name.endsWith('.md'))
      .sort();
  const withItems = readdirSync(products, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && itemFiles(entry.name).length > 0)
    .map((entry) => entry.name)
    .sort();
  const [category, largeCategory] = withItems;
  if (!category || !largeCategory) throw new Error(`${productsFolder}: two category folders with items are needed`);
  const newTitle = 'Catalogue Build Test Item';
  const cardsBefore = itemFiles(category).length;
  writeItem(join(products, category), itemFiles(category)[0]!, 'catalogue-build-test-item', newTitle, 0);
  const largeOriginal = itemFiles(largeCategory)[0]!;
  for (let n = 1; n <= perPage + fullCardLimit; n++)
    writeItem(join(products, largeCategory), largeOriginal, `listing-test-${n}`, `Listing Test Item ${n}`, n);
  const largeFolder = join(products, largeCategory);
  const renamed = { from: largeOriginal, slug: String(frontmatter(join(largeFolder, largeOriginal)).slug) };
  renameSync(
    join(largeFolder, largeOriginal),
    join(largeFolder, `Renamed ${largeOriginal.replace(/\.md$/, '').toUpperCase()}.md`),
  );
  return { category, cardsBefore, newTitle, largeCategory, renamed, fullDataItem };
}

const frontmatter = (path: string) => parseFrontmatter(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** A copy of the item file `base` in `folder`, as `slug`.md with that slug and `title`, and codes of its own. */
function writeItem(folder: string, base: string, slug: string, title: string, n: number) {
  const text = readFileSync(join(folder, base), 'utf8');
  const data = parseFrontmatter(text) as Record<string, unknown>;
  data['name' in data ? 'name' : 'title'] = title;
  data.slug = slug;
  ownCodesAndOrder(data, n);
  writeFileSync(join(folder, `${slug}.md`), `---\n${stringifyYaml(data)}---\n${markdownBody(text)}`);
}

/** A hash of the project's files as they are now: tracked (with their changes) and new. */
function projectFingerprint(): string {
  const git = (...args: string[]) => {
    const run = spawnSync('git', args, { cwd: project, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
    return run.stdout;
  };
  const hash = createHash('sha256')
    .update(git('rev-parse', 'HEAD'))
    .update(git('diff', 'HEAD', '--binary'));
  for (const file of git('ls-files', '-z', '--others', '--exclude-standard').split('\0').filter(Boolean).sort())
    hash.update(file).update(readFileSync(join(project, file)));
  return hash.digest('hex');
}

/** Codes and an order number of copy `n`'s own: the content check refuses two items with one of either. */
function ownCodesAndOrder(data: Record<string, unknown>, n: number) {
  data.order = 1000 + n;
  const field = codeFields[data.kind as keyof typeof codeFields];
  const renumber = (line: unknown, i: number) => {
    const code = typeof line === 'string' ? codeAtStart(line) : undefined;
    return code ? (line as string).replace(code, `TB-${n}X${i}`) : line;
  };
  const lines = data[field];
  data[field] = Array.isArray(lines) ? lines.map(renumber) : renumber(lines, 0);
}
