/**
 * The first step of `npm test`: says at once what the machine lacks, before minutes of build.
 * A missing Chromium stops the run with the commands that install one; a missing Java stops it
 * in CI and is a notice elsewhere (the Nu HTML Checker is then skipped). It installs nothing.
 */
import { findChromium } from './chromium.ts';
import { findJava, installJava, whenJavaIsMissing } from './java.ts';

try {
  const browsers = findChromium();
  console.log(
    `== browsers: ${browsers.headlessShell ?? 'Playwright’s headless shell'} for the tests, ${browsers.full} for what needs the full browser (${browsers.source})`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!findJava()) {
  if (whenJavaIsMissing() === 'fail') {
    console.error(`Java is missing, and CI keeps the Nu HTML Checker.\n${installJava}`);
    process.exit(1);
  }
  console.warn(`Notice: Java is missing, so the Nu HTML Checker of the build will be skipped.\n${installJava}`);
}
