/**
 * What `npm run messages` does, over a Netlify Blobs store: the local one (.netlify/blobs-serve)
 * or the production one (a Netlify personal access token and the site's id), reached as every
 * operator's command reaches its store (operator-store.mjs). The keys are those of
 * src/contact/store.ts: pending/<id>, sent/<yyyy-mm-dd>/<id>, failed/<id>; received/, alerts/
 * and mail-slots/ hold no messages. Entries at the top level are messages kept before that layout.
 * A message is named by its id or by its reference (src/contact/reference.ts), the end of its id.
 */
import { readFileSync } from 'node:fs';
import { printable } from '../text/printable.mjs';
import { localStoreDirectory, openStore } from '../server/operator-store.mjs';
import { idEndingOf, readReference, referenceOf } from './reference.ts';

export { localStoreDirectory, referenceOf };
export const defaultStoreName = 'contact-messages';

const pendingPrefix = 'pending/';
const failedPrefix = 'failed/';
const sentPrefix = 'sent/';
/** Messages: the three states' keys, and top-level keys of the older layout. */
const isMessageKey = (key) =>
  key.startsWith(pendingPrefix) || key.startsWith(failedPrefix) || key.startsWith(sentPrefix) || !key.includes('/');

/** The optional details of a sample or data-sheet request, each shown on a line and in a CSV column of its own. */
import { requestDetailFields } from './form-fields.ts';

export const detailFields = requestDetailFields;

/** The fields every message has; anything else a message carries is shown as an extra field. */
const knownFields = new Set(['name', 'email', 'company', 'message', 'regarding', ...detailFields]);

/** The details a message carries, in the order of the form. */
const detailsOf = (m) => detailFields.filter((field) => m[field]).map((field) => [field, m[field]]);

/**
 * The message store: the site's on Netlify with a token and a site id, else the local store in
 * `directory` (undefined when that folder does not exist yet). `close()` stops the local Blobs
 * server. See operator-store.mjs.
 */
export const openMessageStore = ({ name = defaultStoreName, ...where } = {}) => openStore({ name, ...where });

async function readRecord(store, key) {
  const text = await store.get(key, { type: 'text' });
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { id: key, unreadable: true };
  }
}

/** Reads keys a few at a time: thousands of reads at once overflow a Blobs server's queue. */
async function readAll(store, keys) {
  const records = [];
  for (let i = 0; i < keys.length; i += 64) {
    records.push(...(await Promise.all(keys.slice(i, i + 64).map((key) => readRecord(store, key)))).filter(Boolean));
  }
  return records;
}

/** Every value of a message a search looks in. */
const searchable = (record) =>
  [
    record.id,
    referenceOf(record.id),
    ...Object.values(record.message ?? {}).map(String),
    record.failureReason ?? '',
    record.lastError ?? '',
  ]
    .join('\n')
    .toLowerCase();

/**
 * Messages, newest first, filtered by status (pending, failed, sent), by words (all must occur,
 * in any field, any case) and by the time they arrived (`since`, a date or a time). Only the keys
 * that can match are read: no sent day before `since`, no prefix of another status.
 */
export async function listMessages(store, { status, text, since } = {}) {
  if (!store) return [];
  if (status && !['pending', 'failed', 'sent'].includes(status))
    throw new Error(`unknown status "${status}": pending, failed or sent`);
  const sinceTime = since ? Date.parse(since) : undefined;
  if (since && Number.isNaN(sinceTime))
    throw new Error(`--since "${since}" is not a date (2026-11-01) or a time (2026-11-01T09:00Z)`);
  const sinceDay = sinceTime === undefined ? undefined : new Date(sinceTime).toISOString().slice(0, 10);
  const { blobs } = await store.list();
  const keys = blobs
    .map((b) => b.key)
    .filter(isMessageKey)
    .filter((key) => {
      const where = key.startsWith(pendingPrefix)
        ? 'pending'
        : key.startsWith(failedPrefix)
          ? 'failed'
          : key.startsWith(sentPrefix)
            ? 'sent'
            : 'older';
      if (status && where !== status && where !== 'older') return false;
      // A message is sent on or after the day it arrived.
      if (where === 'sent' && sinceDay && key.slice(sentPrefix.length, sentPrefix.length + 10) < sinceDay) return false;
      return true;
    });
  const words = (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return (await readAll(store, keys))
    .filter((r) => (r.unreadable ? !status && !words.length && sinceTime === undefined : true))
    .filter((r) => r.unreadable || !status || r.status === status)
    .filter((r) => r.unreadable || sinceTime === undefined || Date.parse(r.receivedAt) >= sinceTime)
    .filter((r) => r.unreadable || words.every((w) => searchable(r).includes(w)))
    .sort((a, b) => b.id.localeCompare(a.id));
}

/**
 * One message by its reference ("K7MQ-4H9X", any case, with or without the dash), wherever it
 * stands, or undefined: list calls over the three states, then one read.
 */
async function findByReference(store, reference) {
  const ending = idEndingOf(reference);
  for (const prefix of [pendingPrefix, failedPrefix, sentPrefix]) {
    const { blobs } = await store.list({ prefix });
    const found = blobs.map((b) => b.key).find((key) => key.endsWith(ending));
    if (found) return readRecord(store, found);
  }
  return undefined;
}

/** One message by its id or its reference, wherever it stands, or undefined. */
export async function findMessage(store, idOrReference) {
  if (!store) return undefined;
  const reference = readReference(idOrReference);
  if (reference) return findByReference(store, reference);
  const id = idOrReference;
  for (const key of [`${pendingPrefix}${id}`, `${failedPrefix}${id}`]) {
    const record = await readRecord(store, key);
    if (record) return record;
  }
  // Sent on the day it arrived or later: the days from its id on, usually the first one.
  const { directories } = await store.list({ prefix: sentPrefix, directories: true });
  const arrived = id.slice(0, 10);
  const days = directories
    .map((d) => d.slice(sentPrefix.length).replace(/\/$/, ''))
    .filter((day) => day >= arrived)
    .sort();
  for (const day of days) {
    const record = await readRecord(store, `${sentPrefix}${day}/${id}`);
    if (record) return record;
  }
  return id.includes('/') ? undefined : readRecord(store, id);
}

/**
 * Puts a failed message back to pending, due at once: the next retry run sends it, once. The
 * pending copy is written only if none exists (a conditional write), then the failed copy is
 * deleted; a stop in between leaves both, and the retry run deletes the failed copy when it files
 * the message as sent (its `requeuedAt` says to). Returns what happened: "requeued",
 * "already pending" (only the failed copy was removed, if any), or "not failed".
 */
export async function requeueMessage(store, idOrReference, now = new Date()) {
  const reference = store ? readReference(idOrReference) : undefined;
  const id = reference ? ((await findByReference(store, reference))?.id ?? idOrReference) : idOrReference;
  const failedKey = `${failedPrefix}${id}`;
  const pendingKey = `${pendingPrefix}${id}`;
  const record = store ? await readRecord(store, failedKey) : undefined;
  if (!record || record.unreadable) {
    return store && (await readRecord(store, pendingKey)) ? 'already pending' : 'not failed';
  }
  const at = now.toISOString();
  const next = { ...record, status: 'pending', nextAttemptAt: at, requeuedAt: at, claim: crypto.randomUUID() };
  delete next.failedAt;
  delete next.failureReason;
  const result = await store.setJSON(pendingKey, next, { onlyIfNew: true });
  if (!result.modified) {
    await store.delete(failedKey);
    return 'already pending';
  }
  if (!result.etag) {
    // An answer without an ETag: count the write only if the pending copy is this one.
    const written = await readRecord(store, pendingKey);
    if (written?.claim !== next.claim)
      throw new Error(`the store did not confirm the requeue of ${id}; run the command again`);
  }
  await store.delete(failedKey);
  return 'requeued';
}

/** Requeues every failed message; returns the ids and what happened to each. */
export async function requeueAllFailed(store, now = new Date()) {
  if (!store) return [];
  const { blobs } = await store.list({ prefix: failedPrefix });
  const outcomes = [];
  for (const { key } of blobs) {
    const id = key.slice(failedPrefix.length);
    outcomes.push({ id, outcome: await requeueMessage(store, id, now) });
  }
  return outcomes;
}

/** The topic labels of src/content/topics.json, longest first, to split a "regarding" line. */
let topicLabels;
function topics() {
  topicLabels ??= JSON.parse(readFileSync(new URL('../content/topics.json', import.meta.url), 'utf8'))
    .map((t) => t.label)
    .sort((a, b) => b.length - a.length);
  return topicLabels;
}

/**
 * The topic and the item of a message, from the line the server resolved ("Product samples:
 * Lavender Oil (EOA-LAV-30)", or either alone).
 */
export function topicAndItem(regarding) {
  if (!regarding) return { topic: '', item: '' };
  for (const label of topics()) {
    if (regarding === label) return { topic: label, item: '' };
    if (regarding.startsWith(`${label}: `)) return { topic: label, item: regarding.slice(label.length + 2) };
  }
  return { topic: '', item: regarding };
}

/** The fields of a message beyond name, e-mail, company, message and what it is about. */
export function extraFields(record) {
  return Object.fromEntries(Object.entries(record.message ?? {}).filter(([key]) => !knownFields.has(key)));
}

const oneLine = (value) => String(value).replace(/\s+/g, ' ').trim();

/** The lines `list` prints for one message: its state, what it is about, extra fields, the text. */
export function describeMessage(record) {
  if (record.unreadable) return [`${record.id}  [unreadable entry]`];
  const m = record.message;
  const tries = record.attempts ? `, ${record.attempts} attempt(s)` : '';
  const state =
    record.status === 'failed'
      ? `failed${tries}: ${record.failureReason ?? record.lastError ?? 'no reason kept'}`
      : record.status === 'pending' && record.heldAt
        ? `pending${tries}, held for the digest: the hourly limit was reached`
        : record.status === 'sent' && record.digest
          ? `sent in a digest of ${record.digest.count}`
          : `${record.status}${tries}`;
  const reference = referenceOf(record.id);
  const { topic, item } = topicAndItem(m.regarding);
  const extras = Object.entries(extraFields(record));
  return [
    `${record.receivedAt}  [${state}]  ${m.name} <${m.email}>${m.company ? `, ${m.company}` : ''}`,
    reference === record.id ? `  id ${record.id}` : `  reference ${reference}  (id ${record.id})`,
    ...(topic ? [`  topic: ${topic}`] : []),
    ...(item ? [`  item: ${item}`] : []),
    ...detailsOf(m).map(([key, value]) => `  ${key}: ${oneLine(value).slice(0, 160)}`),
    ...extras.map(
      ([key, value]) => `  ${key}: ${oneLine(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 160)}`,
    ),
    `  ${oneLine(m.message).slice(0, 160)}`,
  ];
}

/** Every field of one message, for `show`. */
export function describeInFull(record) {
  if (record.unreadable) return [`${record.id}  [unreadable entry]`];
  const m = record.message;
  const { topic, item } = topicAndItem(m.regarding);
  const rows = [
    ['reference', referenceOf(record.id) === record.id ? undefined : referenceOf(record.id)],
    ['id', record.id],
    ['status', record.status],
    ['held', record.heldAt ? `${record.heldAt}, for a digest: the hourly limit on e-mails was reached` : undefined],
    [
      'digest',
      record.digest
        ? `sent in one e-mail with ${record.digest.count - 1} other(s), ${record.digest.messageId}`
        : undefined,
    ],
    ['alone', record.alone ? 'a digest holding it was refused; it goes in an e-mail of its own' : undefined],
    ['received', record.receivedAt],
    ['sent', record.sentAt],
    ['failed', record.failedAt],
    ['reason', record.failureReason],
    ['attempts', record.attempts],
    ['last attempt', record.lastAttemptAt],
    ['next attempt', record.status === 'pending' ? record.nextAttemptAt : undefined],
    ['last error', record.lastError],
    ['requeued', record.requeuedAt],
    ['browser id', record.browserId],
    ['name', m.name],
    ['email', m.email],
    ['company', m.company],
    ['topic', topic],
    ['item', item],
    ...detailsOf(m),
    ...Object.entries(extraFields(record)).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  ].filter(([, value]) => value !== undefined && value !== '');
  return [...rows.map(([key, value]) => `${`${key}:`.padEnd(14)}${value}`), '', m.message];
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break. Control and
 * format characters become spaces, line breaks aside (src/text/printable.mjs), so a tab, an
 * escape sequence or a carriage return cannot reach the spreadsheet or a terminal. A spreadsheet
 * may split a cell at any list separator of its locale (`,`, `;` or a tab) and run a part that
 * starts with =, +, -, @ as a formula: an apostrophe goes before each such start, at the cell's
 * beginning and after every separator, so a visitor's text (`Bob;=1+1`) never becomes a formula
 * on the sales team's machine.
 */
export function csvCell(value) {
  const text = printable(value === undefined || value === null ? '' : String(value)).replace(
    /(^|[,;]\s*)([=+\-@])/g,
    "$1'$2",
  );
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvColumns = [
  'reference',
  'id',
  'status',
  'received_at',
  'sent_at',
  'name',
  'email',
  'company',
  'topic',
  'item',
  ...detailFields,
  'message',
  'attempts',
  'problem',
  'extra',
];

/** The messages as CSV (one header line, CRLF line ends), as a spreadsheet opens it. */
export function toCsv(records) {
  const lines = [csvColumns.join(',')];
  for (const r of records) {
    if (r.unreadable) continue;
    const m = r.message;
    const { topic, item } = topicAndItem(m.regarding);
    const extra = extraFields(r);
    lines.push(
      [
        ...[referenceOf(r.id), r.id, r.status, r.receivedAt, r.sentAt, m.name, m.email, m.company, topic, item],
        ...detailFields.map((field) => m[field]),
        m.message,
        r.attempts,
        r.failureReason ?? (r.status === 'pending' ? r.lastError : undefined),
        Object.keys(extra).length ? JSON.stringify(extra) : '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
