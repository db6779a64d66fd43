/**
 * npm run reports: the security policy's violation reports (src/security/reports/command.mjs says what it does and how).
 */
import '../src/security/reports/command.mjs';
