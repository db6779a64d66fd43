import { describe, expect, it } from 'vitest';
import { moveIslandScriptsToEnd } from '../../src/hydration/island-scripts';

const directive = '<script>(()=>{var r=1;(self.Astro||(self.Astro={})).click=r;window.dispatchEvent(new Event("astro:click"));})();</script>';
const element =
  '<script>(()=>{class f extends HTMLElement{}customElements.get("astro-island")||customElements.define("astro-island",f)})();</script>';
const page = (body: string) => `<!doctype html><html><head><script type="application/ld+json">{}</script></head><body>${body}</body></html>`;

// That the pattern matches what the installed Astro really writes is checked on the built pages
// (tests/e2e/built-site.spec.ts: every page with an island has its scripts after </main>).
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
});
