/**
 * The operator's commands end quietly when their reader goes: `npm run messages -- list | head -1`
 * closes the pipe after one line, and the command stops writing without an EPIPE stack trace. The
 * pipe is closed before the command writes a byte, so the test does not depend on timing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const directory = mkdtempSync(join(tmpdir(), 'closed-pipe-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Runs a command's script with its standard output closed by the reader; its exit and errors. */
function withClosedOutput(script: string, args: string[]) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
  );
}

for (const [command, args] of [
  ['messages', ['list', '--dir', directory]],
  ['messages', ['--help']],
  ['reports', ['--dir', directory]],
  ['vitals', ['--dir', directory]],
] as const) {
  it(`npm run ${command} -- ${args[0]} into a closed pipe ends quietly, with its own exit code`, async () => {
    const { code, stderr } = await withClosedOutput(`scripts/${command}.mjs`, [...args]);
    expect(stderr).not.toMatch(/EPIPE|Error|at .*:\d+/);
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 30_000);
}
