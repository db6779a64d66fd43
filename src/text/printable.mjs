/**
 * Stored text made safe to show an operator: control and format characters (C0 and C1 controls,
 * DEL, ESC and so every terminal escape sequence, OSC-8 links and screen clears among them, and
 * bidirectional and zero-width marks) become one space a run. The policy reports are kept through
 * it (src/security/reports/parse.ts), and every operator command prints through it
 * (src/server/operator-store.mjs `commandIo`), as does the CSV export's every cell.
 *
 * Imports nothing, so Node scripts and the site's TypeScript import it as it is.
 */

const controlsAndFormats = /[\p{Cc}\p{Cf}]+/gu;

/**
 * `text` without control and format characters: each run one space.
 * @param {unknown} text
 * @returns {string}
 */
export const withoutControls = (text) => String(text ?? '').replace(controlsAndFormats, ' ');

/**
 * Lines to print: line breaks kept (a message's body is several lines), everything else that is a
 * control or format character, a carriage return and a tab included, made a space.
 * @param {unknown} text
 * @returns {string}
 */
export const printable = (text) =>
  String(text ?? '')
    .split('\n')
    .map(withoutControls)
    .join('\n');
