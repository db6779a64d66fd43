/**
 * npm run vitals: the field data of real visits (tools/commands/vitals-command.mjs says what it does and how).
 */
import { runVitals } from '../tools/commands/vitals-command.mjs';

process.exitCode = await runVitals(process.argv.slice(2));
