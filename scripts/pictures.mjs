/**
 * npm run pictures -- <file>...: makes each photo a picture the site can use, in place (long side
 * at most 2,400 px, about 500 KB or less, no EXIF, GPS or other metadata), and says what it did.
 * A HEIC photo, and a PNG still too large as a PNG, is written as a WebP beside it: the content file
 * must then name the new file, and the old one is left for the editor to delete (the command never
 * removes a file it was given; docs/decisions/0085). The work is tools/content-check/pictures.mjs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { formatSize, shrinkPicture } from '../tools/content-check/pictures.mjs';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0 || files.includes('--help')) {
  console.log(
    'npm run pictures -- <file>...\n\nMakes each photo (JPEG, PNG, WebP, or HEIC from an iPhone) at most 2,400 px on its long side and\nabout 500 KB, without EXIF, GPS or other metadata: in place, or a HEIC as a WebP beside it.\nThen commit the file.',
  );
  process.exit(files.length === 0 ? 1 : 0);
}
for (const file of files) {
  try {
    const before = readFileSync(file);
    const { data, format, width, height } = await shrinkPicture(before);
    const extension = { jpeg: /\.jpe?g$/i, png: /\.png$/i, webp: /\.webp$/i }[format];
    const target = extension.test(file)
      ? file
      : `${file.replace(/\.[^./]+$/, '')}.${format === 'jpeg' ? 'jpg' : format}`;
    writeFileSync(target, data);
    const name = (path) => path.slice(path.lastIndexOf('/') + 1);
    console.log(
      `${target}: ${width} x ${height} px, ${formatSize(before.length)} -> ${formatSize(data.length)}, no metadata` +
        (target === file
          ? ''
          : ` (a new file: name "${name(target)}" in the content file in place of "${name(file)}", then delete "${name(file)}": Git would keep it, location included)`),
    );
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
