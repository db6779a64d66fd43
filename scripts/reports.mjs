/**
 * npm run reports: the security policy's violation reports (tools/commands/reports-command.mjs says what it does and how).
 */
import { runReports } from '../tools/commands/reports-command.mjs';

process.exitCode = await runReports(process.argv.slice(2));
