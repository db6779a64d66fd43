/**
 * A published item's address is not lost by a slug changed in Git (docs/decisions/0087):
 * `npm run content:check` and every build run the rule of ./slug-rule.ts (the one /admin runs
 * before a save) on each item against its published version in Git: on Netlify where this
 * history meets the last deploy, `CACHED_COMMIT_REF`; elsewhere where the branch left its
 * upstream, or `HEAD` when it has none. Files are matched across renames by Git's rename
 * detection. Four Git processes at most, however many files changed: one or two to find the
 * base, the list of changed files, and the published texts in one batch.
 *
 * Where the comparison cannot run (no Git, not a repository, a published commit this clone does
 * not have, no earlier deploy) it is skipped with one notice, never an error.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { itemPath } from '../model/routes';
import type { Problem } from './check';
import { droppedAddress, itemCategory, slugsOf, whereFormerSlugs } from './slug-rule';

/** A Git command's outcome: its output, or why it gave none. */
type Run = (args: string[], input?: string) => { ok: boolean; stdout: Buffer; stderr: string; missing?: boolean };

const gitIn =
  (root: string): Run =>
  (args, input) => {
    const result = spawnSync('git', ['-C', root, ...args], {
      input,
      maxBuffer: 256 * 1024 * 1024,
      // A repository owned by someone else, or a broken one, answers on stderr; nothing is asked.
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
    });
    const missing = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
    return {
      ok: !result.error && result.status === 0,
      stdout: result.stdout ?? Buffer.alloc(0),
      stderr: String(result.stderr ?? ''),
      missing,
    };
  };

/** The published version to compare with: a commit, and how it was found; or why there is none. */
export type Base = { commit: string; source: string } | { skipped: string };

/** The environment's words that choose the base: Netlify's, unset elsewhere. */
export interface BaseEnv {
  CACHED_COMMIT_REF?: string | undefined;
  COMMIT_REF?: string | undefined;
}

/** Why Git could not answer, in words for the notice. */
function gitTrouble(result: ReturnType<Run>): string | undefined {
  if (result.missing) return 'Git is not installed';
  if (/not a git repository/i.test(result.stderr)) return 'the project is not a Git repository';
  if (/dubious ownership/i.test(result.stderr)) return 'Git does not trust this repository (owned by another user)';
  return undefined;
}

/**
 * The commit the items are compared with. On Netlify, `CACHED_COMMIT_REF` is the commit of the
 * last build of this site; it equals `COMMIT_REF` when there is none (the first deploy, or a
 * build with its cache cleared), and then nothing is compared. Elsewhere: the commit where this
 * branch left its upstream (what was pushed is taken as published), else `HEAD` (so uncommitted
 * edits are what is compared). Either way the changes compared are this history's own.
 */
export function publishedBase(git: Run, env: BaseEnv): Base {
  const cached = env.CACHED_COMMIT_REF?.trim();
  if (cached) {
    if (cached === env.COMMIT_REF?.trim())
      return { skipped: 'this build has no earlier deploy to compare with (first deploy, or a build without cache)' };
    // Where this commit's history meets the last deploy's: the deploy's commit itself when this
    // one descends from it; the fork point when it was another branch's (a deploy preview's),
    // whose changes are not this build's to answer for.
    if (!/^[0-9a-f]{7,64}$/i.test(cached)) return { skipped: `CACHED_COMMIT_REF "${cached}" is not a commit's id` };
    const met = git(['merge-base', 'HEAD', cached]);
    if (met.ok) return { commit: met.stdout.toString().trim(), source: 'the last deploy (CACHED_COMMIT_REF)' };
    return {
      skipped:
        gitTrouble(met) ??
        `the last deploy's commit ${cached.slice(0, 12)} is not in this clone's history, which may be shallow`,
    };
  }
  const forked = git(['merge-base', 'HEAD', '@{upstream}']);
  if (forked.ok) return { commit: forked.stdout.toString().trim(), source: "the branch's upstream" };
  const trouble = gitTrouble(forked);
  if (trouble) return { skipped: trouble };
  const head = git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  if (head.ok) return { commit: head.stdout.toString().trim(), source: 'HEAD' };
  return { skipped: gitTrouble(head) ?? 'the repository has no commit yet' };
}

/** A changed file as `git diff --raw -z` lists it: its blob in the base, its status letter, its path(s). */
interface Changed {
  /** The object of its published text. */
  blob: string;
  status: string;
  /** Its path in the base. */
  from: string;
  /** Its path now (the same unless renamed). */
  to: string;
}

/** `git diff --raw -z`: ":<mode> <mode> <blob> <blob> <status>" NUL, then one path (two when renamed or copied) each NUL-ended. */
function changedFiles(output: string): Changed[] {
  const parts = output.split('\0');
  const found: Changed[] = [];
  for (let i = 0; i < parts.length - 1;) {
    const [, , blob = '', , status = ''] = parts[i++]!.split(' ');
    const from = parts[i++]!;
    const to = /^[RC]/.test(status) ? parts[i++]! : from;
    found.push({ blob, status: status[0]!, from, to });
  }
  return found;
}

/**
 * The texts of `blobs` in one `git cat-file --batch`, by blob. Named by their objects, not by
 * "<commit>:<path>", which Git resolves path by path: for 5,000 files, over ten times as long.
 */
function texts(git: Run, blobs: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  if (!blobs.length) return found;
  const result = git(['cat-file', '--batch'], blobs.map((blob) => `${blob}\n`).join(''));
  if (!result.ok) return found;
  const out = result.stdout;
  let at = 0;
  for (const blob of blobs) {
    const end = out.indexOf(10, at);
    if (end < 0) break;
    const header = out.subarray(at, end).toString();
    at = end + 1;
    const size = /^\S+ blob (\d+)$/.exec(header)?.[1];
    if (size === undefined) continue; // "<name> missing"
    found.set(blob, out.subarray(at, at + Number(size)).toString('utf8'));
    at += Number(size) + 1;
  }
  return found;
}

/** The result of the comparison: its problems, and the notice when it was skipped. */
export interface SlugHistory {
  problems: Problem[];
  notice?: string;
}

/**
 * Every catalogue item of `root` compared with its published version (see the file's comment):
 * an item whose published slug is neither its slug nor one of its former slugs is an error in
 * `droppedAddress`'s words. An item deleted (or moved to another category) since is a warning
 * when no item of its category keeps its address: deleting is deliberate, but the editor is told
 * the address that goes, and how another item could keep it.
 */
export function publishedSlugProblems(root: string, env: BaseEnv = process.env): SlugHistory {
  const git = gitIn(root);
  const base = publishedBase(git, env);
  if ('skipped' in base) return { problems: [], notice: skippedNotice(base.skipped) };
  const diff = git([
    'diff',
    '-M',
    '--relative',
    '--raw',
    '--no-abbrev',
    '-z',
    base.commit,
    '--',
    'src/content/products',
  ]);
  if (!diff.ok) return { problems: [], notice: skippedNotice(gitTrouble(diff) ?? diff.stderr.trim()) };
  const changed = changedFiles(diff.stdout.toString()).filter(
    ({ status, from }) => 'MRD'.includes(status) && itemCategory(from),
  );
  const published = texts(
    git,
    changed.map(({ blob }) => blob),
  );
  const problems: Problem[] = [];
  const gone: { file: string; category: string; slug: string }[] = [];
  for (const { blob, from, to } of changed) {
    const text = published.get(blob);
    const was = text === undefined ? undefined : slugsOf(text);
    if (!was) continue; // not an item when published: nothing was at an address
    const category = itemCategory(from)!;
    const path = join(root, to);
    if (itemCategory(to) === category && existsSync(path)) {
      const problem = droppedAddress(to, category, was.slug, readFileSync(path, 'utf8'));
      if (problem) problems.push(problem);
    } else gone.push({ file: from, category, slug: was.slug });
  }
  if (gone.length) {
    const kept = keptAddresses(root);
    for (const { file, category, slug } of gone) {
      if (kept.has(`${category}/${slug}`)) continue;
      problems.push({
        file,
        field: '(file)',
        severity: 'warning',
        message:
          `removed, so its published address ${itemPath(category, slug)} will answer "page not found". ` +
          `If another item of the category takes its place, add "${slug}" to that item's former slugs ${whereFormerSlugs}.`,
      });
    }
  }
  return { problems };
}

/** Every address the catalogue's items keep now, as "<category>/<slug>": their slugs and former slugs. */
function keptAddresses(root: string): Set<string> {
  const kept = new Set<string>();
  const products = join(root, 'src/content/products');
  if (!existsSync(products)) return kept;
  for (const category of readdirSync(products, { withFileTypes: true }).filter((e) => e.isDirectory()))
    for (const name of readdirSync(join(products, category.name)).filter((n) => n.endsWith('.md'))) {
      const item = slugsOf(readFileSync(join(products, category.name, name), 'utf8'));
      for (const slug of item ? [item.slug, ...item.formerSlugs] : []) kept.add(`${category.name}/${slug}`);
    }
  return kept;
}

const skippedNotice = (why: string) =>
  `slugs were not compared with the published version (${why}); a slug changed without its former slug would not be noticed here.`;
