import { describe, expect, it } from 'vitest';
import { pageStylesheets, splitStylesheets } from '../../src/model/page-stylesheets';

const html =
  '<head><style>a{color:red}</style><link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/_astro/Base.abc.css"></head>' +
  '<body><style data-x>b{margin:0}</style></body>';

describe('pageStylesheets', () => {
  it('lists inline CSS and linked files in the order of the page, and nothing else', () => {
    expect(pageStylesheets(html)).toEqual([
      { css: 'a{color:red}' },
      { file: '_astro/Base.abc.css' },
      { css: 'b{margin:0}' },
    ]);
  });

  it('splits them into inline CSS and linked files', () => {
    expect(splitStylesheets(html)).toEqual({
      inline: ['a{color:red}', 'b{margin:0}'],
      linked: ['_astro/Base.abc.css'],
    });
    expect(splitStylesheets('<p>no styles</p>')).toEqual({ inline: [], linked: [] });
  });
});
