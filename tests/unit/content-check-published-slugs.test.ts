/**
 * The content check compares each catalogue item with its published version in Git
 * (src/content-check/published-slugs.ts, docs/decisions/0087): a published slug that is neither
 * the item's slug nor one of its former slugs fails, as /admin refuses it (src/cms/publish-check.ts),
 * across renames; without Git, a repository or the published commit, the comparison is skipped
 * with a notice and nothing fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { formatProblem, report } from '../../src/content-check/check';
import { publishedSlugProblems } from '../../src/content-check/published-slugs';
import { droppedAddress, slugsOf } from '../../src/content-check/slug-rule';
import { product, root, useContentFixture, write } from '../support/content-fixture';

useContentFixture();

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Check', '-c', 'user.email=check@example.com', '-C', root, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
const publish = () => {
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'published');
  return git('rev-parse', 'HEAD');
};
const itemFile = 'src/content/products/binders/binder.md';
const published = slugsOf(product)!.slug;
const withSlug = (slug: string, extra = '') => product.replace(/^slug: .*$/m, `slug: ${slug}${extra}`);
const local = {};
const lines = (env = local) => {
  const { problems, notice } = publishedSlugProblems(root, env);
  return { lines: problems.map(formatProblem), notice };
};

describe('each item against its published version', () => {
  it('fails a slug changed since the last commit, naming file, field, the lost address and both ways out', () => {
    publish();
    write('products/binders/binder.md', withSlug('binder-renamed'));
    const expected = droppedAddress(itemFile, 'binders', published, withSlug('binder-renamed'))!;
    expect(lines()).toEqual({ lines: [formatProblem(expected)], notice: undefined });
    expect(expected.message).toContain(`/products/binders/${published}`);
    expect(expected.message).toMatch(
      /"Former slugs \(old web addresses\)" in \/admin, formerSlugs in the file.*or keep the slug/,
    );
  });

  it('passes when the old slug is kept among the former slugs, and when nothing changed', () => {
    publish();
    expect(lines()).toEqual({ lines: [], notice: undefined });
    write('products/binders/binder.md', withSlug('binder-renamed', `\nformerSlugs:\n  - ${published}`));
    expect(lines()).toEqual({ lines: [], notice: undefined });
  });

  it('follows a renamed file, committed or not', () => {
    const base = publish();
    const now = join(root, 'src/content/products/binders/acrylic-binder.md');
    git('mv', itemFile, 'src/content/products/binders/acrylic-binder.md');
    write('products/binders/acrylic-binder.md', withSlug('acrylic-binder'));
    const problem = 'src/content/products/binders/acrylic-binder.md: slug: changed from "binder"';
    expect(lines().lines).toEqual([expect.stringContaining(problem)]);
    git('commit', '-q', '-am', 'renamed');
    // Committed: the last deploy's commit is still the published one.
    expect(lines({ CACHED_COMMIT_REF: base, COMMIT_REF: git('rev-parse', 'HEAD') }).lines).toEqual([
      expect.stringContaining(problem),
    ]);
    expect(readFileSync(now, 'utf8')).toContain('slug: acrylic-binder');
  });

  it('compares with where the branch left its upstream, so a committed change that is not pushed is seen', () => {
    publish();
    git('branch', 'published');
    git('branch', '-q', '-u', 'published');
    write('products/binders/binder.md', withSlug('binder-renamed'));
    git('commit', '-q', '-am', 'slug changed');
    expect(lines().lines).toEqual([expect.stringContaining(`${itemFile}: slug: changed from "${published}"`)]);
  });

  it("answers only for this history's own changes when the last deploy was another branch's", () => {
    publish();
    git('checkout', '-q', '-b', 'preview');
    write('products/binders/binder.md', withSlug('binder-renamed', `\nformerSlugs: [${published}]`));
    git('commit', '-q', '-am', 'slug changed on another branch');
    const other = git('rev-parse', 'HEAD');
    git('checkout', '-q', 'main');
    // main still has the first slug: nothing of its own changed since the branches parted.
    expect(lines({ CACHED_COMMIT_REF: other, COMMIT_REF: git('rev-parse', 'HEAD') })).toEqual({
      lines: [],
      notice: undefined,
    });
    write('products/binders/binder.md', withSlug('binder-two'));
    expect(lines({ CACHED_COMMIT_REF: other, COMMIT_REF: git('rev-parse', 'HEAD') }).lines).toEqual([
      expect.stringContaining(`${itemFile}: slug: changed from "${published}"`),
    ]);
  });

  it('warns of a deleted item whose address no item keeps, and not when another keeps it', () => {
    publish();
    rmSync(join(root, itemFile));
    const { lines: found } = lines();
    expect(found).toEqual([
      expect.stringMatching(new RegExp(`^${itemFile}: \\(file\\): removed, so .*/products/binders/${published} `)),
    ]);
    expect(publishedSlugProblems(root, local).problems.map((p) => p.severity)).toEqual(['warning']);
    // Moved by hand (not through Git) to a new file that keeps the address as a former slug.
    write('products/binders/acrylic.md', withSlug('acrylic', `\nformerSlugs: [${published}]`));
    expect(lines()).toEqual({ lines: [], notice: undefined });
  });
});

describe('skipped with a notice, never failed', () => {
  const skipped = (env: object = local) => {
    const { problems, notice } = publishedSlugProblems(root, env);
    expect(problems).toEqual([]);
    return notice;
  };

  it('outside a repository', () => {
    write('products/binders/binder.md', withSlug('binder-renamed'));
    expect(skipped()).toMatch(/^slugs were not compared .*not a Git repository/);
  });

  it('when the last deploy is not in the clone, or there is none', () => {
    const head = publish();
    write('products/binders/binder.md', withSlug('binder-renamed'));
    expect(skipped({ CACHED_COMMIT_REF: 'f'.repeat(40), COMMIT_REF: head })).toMatch(
      /ffffffffffff is not in this clone/,
    );
    expect(skipped({ CACHED_COMMIT_REF: head, COMMIT_REF: head })).toMatch(/no earlier deploy/);
    expect(skipped({ CACHED_COMMIT_REF: '--all', COMMIT_REF: head })).toMatch(/is not a commit's id/);
  });

  it('in a repository without a commit', () => {
    git('init', '-q');
    expect(skipped()).toMatch(/no commit yet/);
  });

  it('without Git', () => {
    publish();
    write('products/binders/binder.md', withSlug('binder-renamed'));
    mkdirSync(join(root, 'empty'));
    vi.stubEnv('PATH', join(root, 'empty'));
    try {
      expect(skipped()).toMatch(/Git is not installed/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is printed as a note that leaves the check passing', () => {
    const { text, exitCode } = report([
      { file: 'src/content/products', field: 'slug', message: 'slugs were not compared', severity: 'notice' },
    ]);
    expect(exitCode).toBe(0);
    expect(text.split('\n')).toEqual(['Note: slugs were not compared', '', 'Content OK: every file is valid.']);
  });
});
