/**
 * The reference of a stored contact message: what the visitor is shown after sending, what the
 * e-mail and `npm run messages` name, and what a person can read out on the telephone. Eight
 * characters from an alphabet without the ones that are mistaken for each other (0 and O, 1, I
 * and l; U, which is read as V), in upper case, shown in two groups: "K7MQ-4H9X".
 *
 * The reference is the end of the message's id in the store: `<time of arrival>-K7MQ4H9X`
 * (store.ts), so ids still sort by time and a reference names one id. Ids of the older form
 * (`2026-11-27T22:13:21.449Z-v1eo2x`, before references) are their own reference.
 *
 * Plain TypeScript without imports: the function, the pages and the operator's commands (Node
 * scripts) share it.
 */

/** 30 characters: 2-9 and A-Z without I, L, O and U. */
export const referenceAlphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Characters of a reference, dash not counted. */
export const referenceLength = 8;

const letters = `[${referenceAlphabet}]`;
const timePart = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z`;
const newId = new RegExp(`^${timePart}-(${letters}{${referenceLength}})$`);
const olderId = new RegExp(`^${timePart}-[0-9a-z]{6}$`);
const shown = new RegExp(`^${letters}{4}-${letters}{4}$`);

/** A random number in [0, 1) from the platform's secure generator. */
function secureRandom(): number {
  // Drawn eight at a time: one call of the system's random source per reference, not eight.
  if (pool.length === 0) pool.push(...crypto.getRandomValues(new Uint32Array(referenceLength)));
  return pool.pop()! / 2 ** 32;
}
const pool: number[] = [];

/** The reference part of a new id: eight characters of the alphabet, undivided. */
export function newReferenceCode(random: () => number = secureRandom): string {
  let code = '';
  for (let i = 0; i < referenceLength; i++)
    code += referenceAlphabet[Math.floor(random() * referenceAlphabet.length) % referenceAlphabet.length];
  return code;
}

/** Whether `text` is a message id of either form. */
export const isStoredMessageId = (text: string): boolean => newId.test(text) || olderId.test(text);

/** Whether `text` is a reference as it is shown: "K7MQ-4H9X". */
export const isShownReference = (text: string): boolean => shown.test(text);

/**
 * The reference of a message id, as it is shown ("K7MQ-4H9X"); an id of the older form is its
 * own reference.
 */
export function referenceOf(id: string): string {
  const code = newId.exec(id)?.[1];
  return code ? `${code.slice(0, 4)}-${code.slice(4)}` : id;
}

/**
 * A reference as a person may type or say it (any case, with or without the dash or spaces),
 * as it is shown; undefined when it cannot be one.
 */
export function readReference(text: string): string | undefined {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== referenceLength || [...code].some((c) => !referenceAlphabet.includes(c))) return undefined;
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The end of every id that has `reference` (as shown): "-K7MQ4H9X". */
export const idEndingOf = (reference: string): string => `-${reference.replace('-', '')}`;
