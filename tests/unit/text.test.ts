import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutAtWord, escapeHtml } from '../../src/text/text';

describe('cutAtWord', () => {
  it('leaves a text that fits alone', () => {
    expect(cutAtWord('Soft hand.', 10)).toBe('Soft hand.');
    expect(cutAtWord('', 5)).toBe('');
  });

  it('cuts at the last word that fits, without trailing punctuation, and ends with "…"', () => {
    expect(cutAtWord('Soft hand, durable to thirty washes', 20)).toBe('Soft hand, durable…');
    expect(cutAtWord('Soft hand; durable', 12)).toBe('Soft hand…');
  });

  it('cuts a long word at half the length rather than leave almost nothing', () => {
    expect(cutAtWord(`a ${'x'.repeat(40)}`, 20)).toBe(`a ${'x'.repeat(8)}…`);
  });

  it('never returns more than the length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 2, max: 200 }), (text, max) => {
        const cut = cutAtWord(text, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        if (text.length > max) expect(cut.endsWith('…')).toBe(true);
        else expect(cut).toBe(text);
      }),
    );
  });
});

describe('escapeHtml', () => {
  it('escapes the characters that could start markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(escapeHtml('plain text')).toBe('plain text');
  });

  it('leaves nothing a browser would read as a tag or a quote', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(escapeHtml(text)).not.toMatch(/[<>"']/);
      }),
    );
  });
});
