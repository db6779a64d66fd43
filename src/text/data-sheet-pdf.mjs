// @ts-check
/**
 * A small, valid one-page A4 PDF of text lines: what `scripts/make-data-sheet.mjs` writes (the
 * stand-in technical data sheet of the content was made with it), and the documents of the test
 * item of scripts/make-data-sheet.mjs. Text is written in Helvetica (WinAnsi); characters
 * outside Latin-1 are replaced by "?".
 */

const escape = (/** @type {string} */ s) =>
  s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * @param {string} title the heading, also the document's title
 * @param {readonly string[]} lines
 * @returns {Buffer}
 */
export function dataSheetPdf(title, lines) {
  const text = [
    'BT',
    '/F2 18 Tf 56 780 Td',
    `(${escape(title)}) Tj`,
    '/F1 11 Tf 0 -30 Td 15 TL',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${escape(title)}) >>`,
  ];

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
