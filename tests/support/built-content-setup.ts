/**
 * Before the unit tests: the functions' content (src/server/built-content.ts) written from
 * src/content, as the build writes it, so the tests that bundle or import a function find what it
 * imports without a build having run. The build lane of `npm test` writes the same bytes at the
 * same time; each write is a rename, so a reader gets one whole file.
 */
import { writeBuiltContent } from '../../src/server/content-files';

export default function setup() {
  writeBuiltContent(process.cwd());
}
