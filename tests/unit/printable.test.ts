/**
 * What operator commands print (src/text/printable.mjs through src/server/operator-store.mjs
 * `commandIo`): stored text keeps its words and line breaks, and loses every control and format
 * character, so an escape sequence in it cannot drive the operator's terminal.
 */
import { describe, expect, it } from 'vitest';
import { printable, withoutControls } from '../../src/text/printable.mjs';
import { commandIo } from '../../src/server/operator-store.mjs';

const osc8 = '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007';
const clearScreen = '\u001b[2J\u001b[H';

describe('printed stored text', () => {
  it('loses ESC, OSC-8 links, screen clears, tabs, carriage returns, C1 controls and bidi marks, keeping line breaks', () => {
    const shown = printable(`a;=1+1\t${osc8}\r\n${clearScreen}x\u009b2J\u202eevil\u200b`);
    expect([...shown].filter((c) => /[\p{Cc}\p{Cf}]/u.test(c) && c !== '\n')).toEqual([]);
    expect(shown.split('\n')).toHaveLength(2);
    expect(shown).toContain('a;=1+1 ]8;;https://evil.example click ]8;; ');
    expect(withoutControls('one\ntwo')).toBe('one two');
  });

  it("is what every command's print and printError write", () => {
    const written: string[] = [];
    const io = commandIo({ env: {}, out: (text) => written.push(text), err: (text) => written.push(text) });
    io.print(`reason: ${osc8}${clearScreen}`);
    io.printError(`error: \u001b[31mred`);
    expect(written.join('')).not.toContain('\u001b');
    expect(written.join('')).not.toContain('\u0007');
    expect(written).toEqual([`reason:  ]8;;https://evil.example click ]8;; [2J [H\n`, 'error:  [31mred\n']);
  });
});
