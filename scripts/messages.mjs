/**
 * npm run messages: the contact messages (src/contact/messages-command.mjs says what it does and how).
 */
import '../src/contact/messages-command.mjs';
