import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { svgProblem, svgProblems } from '../../src/schemas/svg-safety';
import { fileProblems, pictureLimits } from '../../src/schemas/content-limits';
import { uploadProblems } from '../../src/cms/file-checks';

const badge = (inside: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${inside}<circle cx="5" cy="5" r="4" fill="url(#g)"/></svg>`;

describe('svgProblems', () => {
  it('passes the launch badges and plain drawings with their own gradients and pictures', () => {
    const logos = 'src/content/certifications/logos';
    for (const name of readdirSync(logos))
      expect(svgProblems(readFileSync(`${logos}/${name}`, 'utf8')), name).toEqual([]);
    expect(
      svgProblems(
        badge(
          '<defs><linearGradient id="g"/></defs><use href="#g"/><image href="data:image/png;base64,iVBORw0KGgo="/>',
        ),
      ),
    ).toEqual([]);
  });

  it.each([
    ['<script>alert(document.cookie)</script>', 'a <script> element'],
    ['<svg:script href="x.js"/>', 'a <script> element'],
    ['<rect onclick = "steal()"/>', 'an event handler (onclick=)'],
    ['<a href="javascript:steal()"><text>ISO</text></a>', 'a "javascript:" address'],
    ['<a href="&#106;ava&#x73;cript:steal()"><text>ISO</text></a>', 'a "javascript:" address'],
    [
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">Hi</div></foreignObject>',
      'an element that embeds a page',
    ],
    [
      '<image href="https://tracker.example/pixel.png"/>',
      'an external reference ("https://tracker.example/pixel.png")',
    ],
    ['<use xlink:href="other.svg#logo"/>', 'an external reference ("other.svg#logo")'],
    [
      '<style>@import url(https://fonts.example/a.css);</style>',
      'an external reference ("https://fonts.example/a.css")',
    ],
    ['<rect style="fill: url(https://x.example/p.svg#g)"/>', 'an external reference ("https://x.example/p.svg#g")'],
    [
      '<image href="data:image/svg+xml;base64,PHN2Zz4="/>',
      'an external reference ("data:image/svg+xml;base64,PHN2Zz4=")',
    ],
  ])('refuses %s', (inside, reason) => {
    expect(svgProblems(badge(inside)).join('; ')).toContain(reason);
  });

  it('finds an event handler on the root element, and an entity that loads a file', () => {
    expect(svgProblems(badge('', ' onload="alert(1)"'))).toEqual(['an event handler (onload=)']);
    expect(svgProblems(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${badge('<text>&x;</text>')}`)).toEqual(
      ['an external reference ("file:///etc/passwd")'],
    );
  });

  it('says what was found and what to do, through the rules the check and /admin share', () => {
    const svg = badge('<script>alert(1)</script>', ' onload="alert(1)"');
    const message = svgProblem('./logos/gots.svg', svg)!;
    expect(message).toBe(
      'SVG "./logos/gots.svg" holds a <script> element, an event handler (onload=): an SVG may carry no script and ' +
        'load nothing from elsewhere; export it again as plain shapes (or as a PNG or WebP picture)',
    );
    const facts = { bytes: svg.length, text: svg };
    expect(fileProblems('./logos/gots.svg', pictureLimits, facts)).toEqual([message]);
    expect(uploadProblems('./logos/gots.svg', facts)).toEqual([message]);
  });
});
