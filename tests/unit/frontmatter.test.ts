/** The project's one frontmatter parser, read by content:check. */
import { describe, expect, it } from 'vitest';
import { markdownBody, parseFrontmatter } from '../../src/text/frontmatter.mjs';

describe('parseFrontmatter', () => {
  it('reads the YAML between the opening "---" lines and ignores the body', () => {
    expect(parseFrontmatter('---\ntitle: Binders\nimage: ./images/binders.webp\n---\n# Body\n---\nmore')).toEqual({
      title: 'Binders',
      image: './images/binders.webp',
    });
  });

  it('accepts Windows line ends and a file that ends at the closing line', () => {
    expect(parseFrontmatter('---\r\norder: 2\r\n---')).toEqual({ order: 2 });
  });

  it('gives an empty object for an empty block', () => {
    expect(parseFrontmatter('---\n\n---\nBody.')).toEqual({});
  });

  it('refuses a file that does not start with a block', () => {
    expect(() => parseFrontmatter('Notes\n---\ntitle: x\n---\n')).toThrow(
      'the file must start with a frontmatter block between two "---" lines',
    );
  });

  it('reports invalid YAML', () => {
    expect(() => parseFrontmatter('---\ntitle: [unclosed\n---\n')).toThrow();
  });
});

describe('markdownBody', () => {
  it('gives the Markdown after the block, rules in the body kept', () => {
    expect(markdownBody('---\ntitle: Binders\n---\n# Body\n---\nmore')).toBe('# Body\n---\nmore');
    expect(markdownBody('---\r\norder: 2\r\n---')).toBe('');
  });

  it('refuses a file that does not start with a block', () => {
    expect(() => markdownBody('# Notes\n')).toThrow('the file must start with a frontmatter block');
  });
});
