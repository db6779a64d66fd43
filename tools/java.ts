/**
 * Java for the Nu HTML Checker (tests/dist/html-checker.test.ts runs the `vnu-jar` package's
 * checker on Java 11 or later). Nothing here installs it: where it is missing, the check is
 * skipped with a notice naming the commands that install it, except in CI (`CI` set), where a
 * missing Java fails the run, so the check is never silently lost there.
 */
import { spawnSync } from 'node:child_process';

export const installJava = [
  'Java 11 or later runs the Nu HTML Checker of the build. Install it with:',
  '  sudo apt-get install -y default-jre-headless        (Debian, Ubuntu, WSL)',
  '  brew install openjdk        (macOS)',
  'or name one: JAVA=/path/to/java npm test',
].join('\n');

/** The Java command to run (`JAVA`, else `java` on the PATH), or undefined when it does not run. */
export function findJava(env: Record<string, string | undefined> = process.env): string | undefined {
  const java = env.JAVA || 'java';
  const answer = spawnSync(java, ['-version'], { stdio: 'ignore' });
  return answer.status === 0 ? java : undefined;
}

/** What a missing Java means: a failure in CI, a skipped check with a notice elsewhere. */
export function whenJavaIsMissing(env: Record<string, string | undefined> = process.env): 'fail' | 'skip' {
  return env.CI && env.CI !== 'false' && env.CI !== '0' ? 'fail' : 'skip';
}
