/**
 * npm run messages: lists the contact messages kept in the local store (the one `npm start` and
 * `npm run dev` write to), newest first. Shows that the form works on a machine without any mail
 * server or Netlify account.
 */
import { readLocalMessages } from './lib/local-messages.mjs';

const records = await readLocalMessages();
if (records.length === 0) console.log('No messages yet (send one from http://localhost:4321/contact).');
for (const r of records) {
  if (r.unreadable) {
    console.log(`${r.id}  [unreadable entry]`);
    continue;
  }
  const m = r.message;
  console.log(`${r.receivedAt}  [${r.status}${r.attempts ? `, ${r.attempts} attempt(s)` : ''}]  ${m.name} <${m.email}>${m.company ? `, ${m.company}` : ''}`);
  console.log(`  ${m.message.replace(/\s+/g, ' ').slice(0, 160)}`);
}
if (records.length) console.log(`${records.length} message(s)`);
