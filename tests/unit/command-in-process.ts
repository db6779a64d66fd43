/**
 * An operator's command (`npm run messages`, `reports`, `vitals`) run in the test's process,
 * through the function its script calls, so a test spends no process start per action.
 */
type Command = (
  args: string[],
  io: { env: NodeJS.ProcessEnv; out: (text: string) => void; err: (text: string) => void },
) => Promise<number>;

/**
 * The command's standard output; when its exit code is not 0, an error with the code and its
 * standard error, as a child process of its script rejects.
 */
export async function runInProcess(command: Command, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  let stdout = '';
  let stderr = '';
  const code = await command(args, {
    env,
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
  });
  if (code !== 0) throw Object.assign(new Error(`exit code ${code}\n${stderr}`), { code, stdout, stderr });
  return stdout;
}
