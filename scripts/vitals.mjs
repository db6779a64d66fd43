/**
 * npm run vitals: the field data of real visits (src/vitals/command.mjs says what it does and how).
 */
import '../src/vitals/command.mjs';
