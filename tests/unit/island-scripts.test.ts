import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { moveIslandScriptsToEnd } from '../../src/hydration/island-scripts';

const directive = '<script>(()=>{var r=1;(self.Astro||(self.Astro={})).click=r;window.dispatchEvent(new Event("astro:click"));})();</script>';
const element =
  '<script>(()=>{class f extends HTMLElement{}customElements.get("astro-island")||customElements.define("astro-island",f)})();</script>';
const page = (body: string) => `<!doctype html><html><head><script type="application/ld+json">{}</script></head><body>${body}</body></html>`;

describe('moveIslandScriptsToEnd', () => {
  it('moves the directive and element scripts, in order, to the end of the body', () => {
    const html = page(`<header>${directive}${element}<astro-island client="click"></astro-island></header><main><h1>Hi</h1></main><script>console.warn('x')</script>`);
    expect(moveIslandScriptsToEnd(html)).toBe(
      page(`<header><astro-island client="click"></astro-island></header><main><h1>Hi</h1></main><script>console.warn('x')</script>${directive}${element}`),
    );
  });

  it('leaves other inline scripts, JSON-LD and pages without islands alone', () => {
    const html = page(`<main><h1>Hi</h1></main><script>console.warn('x')</script>`);
    expect(moveIslandScriptsToEnd(html)).toBe(html);
  });

  it('keeps the scripts byte for byte, so their Content Security Policy hashes still match', () => {
    const moved = moveIslandScriptsToEnd(page(`${directive}<astro-island></astro-island>${element}<main></main>`));
    expect(moved.endsWith(`${directive}${element}</body></html>`)).toBe(true);
    expect(moved.match(/<script>/g)).toHaveLength(2);
  });

  it('recognises the scripts of the installed Astro version', () => {
    // The patterns above must match what Astro really emits, or nothing would be moved.
    const astroIsland = readFileSync('node_modules/astro/dist/runtime/server/astro-island.prebuilt.js', 'utf8');
    expect(astroIsland).toContain('customElements.define("astro-island"');
  });
});
