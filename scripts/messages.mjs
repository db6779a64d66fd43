/**
 * npm run messages: lists the contact messages kept in the local store (the one `npm start` and
 * `npm run dev` write to), newest first, each with its state: pending, sent, or failed with the
 * reason. Shows that the form works on a machine without any mail server or Netlify account.
 */
import { describeMessage, readLocalMessages, runningSite } from './lib/local-messages.mjs';
import { routes } from '../src/lib/routes.ts';

const records = await readLocalMessages();
if (records.length === 0) {
  // The address `npm start` noted, whatever its port; none when the site is not running.
  const site = runningSite();
  console.log(site ? `No messages yet (send one from ${site}${routes.contact}).` : `No messages yet (start the site with \`npm start\`, then send one from its ${routes.contact} page).`);
}
for (const record of records) for (const line of describeMessage(record)) console.log(line);
if (records.length) {
  const failed = records.filter((r) => r.status === 'failed').length;
  console.log(`${records.length} message(s)${failed ? `, ${failed} failed` : ''}`);
}
