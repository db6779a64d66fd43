/**
 * npm run messages: the contact messages (tools/commands/messages-command.mjs says what it does and how).
 */
import { runMessages } from '../tools/commands/messages-command.mjs';

process.exitCode = await runMessages(process.argv.slice(2));
