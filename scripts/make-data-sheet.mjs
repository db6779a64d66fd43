// @ts-check
/**
 * Writes a small, valid one-page A4 PDF of text lines: a stand-in technical data sheet until the
 * company supplies its own. Usage:
 *   node scripts/make-data-sheet.mjs <out.pdf> "Title" "line" "line" ...
 * Text is written in Helvetica (WinAnsi); characters outside Latin-1 are replaced by "?".
 */
import { writeFileSync } from 'node:fs';
import { dataSheetPdf } from '../src/text/data-sheet-pdf.mjs';

const [out, title, ...lines] = process.argv.slice(2);
if (!out || !title) {
  console.error('usage: node scripts/make-data-sheet.mjs <out.pdf> "Title" "line" ...');
  process.exit(1);
}

writeFileSync(out, dataSheetPdf(title, lines));
