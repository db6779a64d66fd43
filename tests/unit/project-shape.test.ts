/**
 * The shape the code keeps (docs/architecture.md): no import cycle, thin function entry points,
 * lines a reader can take in. Read from the repository's own files, so a new file is covered.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path/posix';
import { describe, expect, it } from 'vitest';

const tracked = (...folders: string[]) =>
  execFileSync('git', ['ls-files', ...folders], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && !file.startsWith('src/content/'));
const code = (file: string) => /\.(astro|ts|tsx|mjs|js|css)$/.test(file);
const sources = tracked('src', 'scripts', 'netlify', 'bench', 'tools').filter(code);

/** The files a source file imports by a relative path or the `@/` alias. */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*['"]((?:\.\.?|@)\/[^'"]+)['"]/g)) {
    const base = spec!.startsWith('@/') ? `src/${spec!.slice(2)}` : normalize(join(dirname(file), spec!));
    const target = ['', '.ts', '.tsx', '.mjs', '.astro', '/index.ts']
      .map((end) => base + end)
      .find((f) => known.has(f));
    if (target) found.push(target);
  }
  return found;
}

describe('the code', () => {
  it('has no import cycle', () => {
    const known = new Set(sources);
    const graph = new Map(sources.map((file) => [file, importsOf(file, known)]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      path.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' -> '));
        else if (!state.has(next)) visit(next);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of sources) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it('has no line over 240 characters in src, scripts, netlify and tools', () => {
    const long = tracked('src', 'scripts', 'netlify', 'tools')
      .filter(code)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (line.length > 240 ? [`${file}:${i + 1} (${line.length})`] : [])),
      );
    expect(long).toEqual([]);
  });

  it('keeps each function entry point thin (at most 60 lines), its work in the feature folders', () => {
    const thick = tracked('netlify/functions').flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n').length;
      return lines > 60 ? [`${file}: ${lines} lines`] : [];
    });
    expect(thick).toEqual([]);
  });

  it('keeps each command of scripts/ an entry point (at most 60 lines)', () => {
    const thick = tracked('scripts').flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n').length;
      return lines > 60 ? [`${file}: ${lines} lines`] : [];
    });
    expect(thick).toEqual([]);
  });

  it('ships nothing from tools/: only the build’s own steps in src/ import it, never a page, island or function', () => {
    const known = new Set(sources);
    const importers = tracked('src')
      .filter(code)
      .filter((file) => importsOf(file, known).some((target) => target.startsWith('tools/')));
    // Build-time steps: the integrations and the bundlers they call, which write dist/ and never run there.
    expect(importers.filter((file) => !/(^|\/)(integration\.ts|bundle\.mjs)$/.test(file))).toEqual([]);
    const reached = new Set<string>();
    const walk = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      importsOf(file, known).forEach(walk);
    };
    tracked('netlify/functions').filter(code).forEach(walk);
    tracked('src/pages').filter(code).forEach(walk);
    expect([...reached].filter((file) => file.startsWith('tools/'))).toEqual([]);
  });
});
