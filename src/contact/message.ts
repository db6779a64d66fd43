/**
 * What a contact message is, and the rules it must meet before it is kept. The same rules
 * answer the browser form, the no-JavaScript form and any other client.
 */
import { z } from 'astro/zod';

export const contactLimits = {
  name: 200,
  email: 254,
  company: 200,
  country: 100,
  quantity: 100,
  substrate: 200,
  message: 5000,
  /** Largest request body accepted, in bytes. */
  bodyBytes: 32 * 1024,
} as const;

import { requestDetailLabels, type RequestDetail } from './form-fields';

export { honeypotField, requestDetailFields } from './form-fields';

/**
 * Invisible characters that only say where a line may or may not break, which word processors and
 * web pages leave in copied text: the soft hyphen U+00AD and the zero-width space U+200B (a place
 * to break), the word joiner U+2060 and the byte-order mark U+FEFF, which inside text is a
 * zero-width no-break space (a place not to break). Dropping them changes no letter and nothing a
 * reader sees but where a line wraps, so they are removed from every field before any other rule,
 * rather than refused: the text kept and e-mailed is without them, and the length limits count
 * what remains.
 *
 * The zero-width non-joiner and joiner (U+200C, U+200D) are not among them: they change how a
 * word is shaped and spelled, so one the rule below does not take for text is refused, with its
 * place, for the writer to look at, rather than silently dropped from a word it may belong to.
 */
const lineBreakHints = /[\u00AD\u200B\u2060\uFEFF]/gu;
const withoutLineBreakHints = (value: string) => value.replace(lineBreakHints, '');

/**
 * Characters no one types on purpose, which only hide or disguise text: C0 and C1 control
 * characters and DEL, the line and paragraph separators U+2028-U+2029, and every format
 * character (`\p{Cf}`): zero-width joiners, the invisible operators and format controls
 * U+2061-U+206F, the direction marks, embeddings, overrides and isolates, the interlinear
 * annotation marks, the Unicode tags U+E0000-U+E007F (which can carry a whole hidden text, and
 * are refused even where unassigned), and the like; besides them, the fillers that show nothing
 * though Unicode counts them as letters or marks (the Hangul fillers U+115F, U+1160, U+3164,
 * U+FFA0, the combining grapheme joiner U+034F, the blank braille pattern U+2800); and the variation
 * selectors, U+FE00-U+FE0F (which only choose how the character before them is drawn, and are set
 * aside after an emoji below) and U+E0100-U+E01EF. A message may still hold tabs and line breaks.
 * (The line-break hints above are gone before this is looked for.)
 */
// Control characters, a lone combining joiner and lone variation selectors are what this pattern is for.
const hidden =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class
  /[\u0000-\u001F\u007F-\u009F\u034F\u115F\u1160\u2028\u2029\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]|\p{Cf}/gu;

/**
 * The emoji and text presentation selectors (U+FE0F, U+FE0E) right after a character Unicode gives
 * an emoji form (❤️, 1️⃣, ☺︎) are text: they ask for the emoji's picture or plain form. Set aside
 * before the check; the other variation selectors are refused everywhere.
 */
const selectorAfterEmoji = /(?<=\p{Emoji})[\uFE0E\uFE0F]/gu;

/**
 * More combining marks on one character than any script stacks (a letter with its vowel, tone
 * and cantillation marks takes four): a longer run is text made to spill over the lines around it.
 * A variation selector set aside above is not counted.
 */
export const maxCombiningMarks = 5;
const markRun = new RegExp(`\\p{M}{${maxCombiningMarks + 1},}`, 'u');

/**
 * Zero-width non-joiner and joiner (U+200C, U+200D) are part of the text between two visible
 * characters and after a combining mark such as a virama: Persian and Indian scripts spell words
 * with them (older Malayalam ends words with virama and joiner), and emoji such as 👩‍🔬 are joined
 * by them. There they are set aside before the check; anywhere else they are refused like the
 * other hidden characters.
 */
const joinerInText = /(?<=[\p{L}\p{M}\p{N}\p{S}])[\u200C\u200D](?=[\p{L}\p{M}\p{N}\p{S}])|(?<=\p{M})[\u200C\u200D]/gu;
/**
 * The only tag characters that are text: the three flags Unicode recommends that are spelled
 * with them (England, Scotland, Wales: a black flag, tag letters, a cancel tag). Exactly these
 * are set aside; any other tag sequence is refused.
 */
const tagFlag =
  /\u{1F3F4}(?:\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}|\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}|\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073})\u{E007F}/gu;
/**
 * Text set aside is replaced by visible stand-ins of the same length, each a symbol like the
 * black flag, so that the search below finds positions in the text as written.
 */
const standIns = (text: string) => text.replace(/[^]/gu, (c) => (c.length === 2 ? '\u{1F3F4}' : '\u25CC'));

/** The first hidden character of `value` and its UTF-16 index, leaving aside text and `allowed`. */
function firstHidden(value: string, allowed: string): { index: number; character: string } | undefined {
  const searched = value
    .replace(selectorAfterEmoji, standIns)
    .replace(tagFlag, standIns)
    .replace(joinerInText, standIns);
  for (const match of searched.matchAll(hidden)) {
    if (!allowed.includes(match[0])) return { index: match.index, character: match[0] };
  }
  return undefined;
}

/**
 * Names of the hidden characters most often met: those pasted from documents and chat programs,
 * and those used to disguise text. Others are given by their code point alone.
 */
const hiddenNames: Record<number, string> = {
  0x00: 'NULL',
  0x08: 'BACKSPACE',
  0x09: 'CHARACTER TABULATION',
  0x0b: 'LINE TABULATION',
  0x0c: 'FORM FEED',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0x85: 'NEXT LINE',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x2800: 'BRAILLE PATTERN BLANK',
  0x3164: 'HANGUL FILLER',
  0xfff9: 'INTERLINEAR ANNOTATION ANCHOR',
  0xfffa: 'INTERLINEAR ANNOTATION SEPARATOR',
  0xfffb: 'INTERLINEAR ANNOTATION TERMINATOR',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

/** `U+202E RIGHT-TO-LEFT OVERRIDE`, or the code point alone for a character without a name here. */
const describeCharacter = (character: string) => {
  const code = character.codePointAt(0)!;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code in hiddenNames) return `${point} ${hiddenNames[code]}`;
  if (code >= 0xfe00 && code <= 0xfe0f) return `${point} VARIATION SELECTOR-${code - 0xfe00 + 1}`;
  if (code >= 0xe0100 && code <= 0xe01ef) return `${point} VARIATION SELECTOR-${code - 0xe0100 + 17}`;
  return point;
};

/**
 * Where `index` (UTF-16) falls in `text`, as a person counts: characters are code points, so an
 * emoji beyond the first plane is one, and a line break (CR LF, CR or LF) starts a new line.
 */
function placeOf(text: string, index: number, multiline: boolean): string {
  const before = text.slice(0, index);
  if (!multiline) return `at character ${[...before].length + 1}`;
  const lines = before.split(/\r\n|\r|\n/);
  return `at line ${lines.length}, character ${[...lines.at(-1)!].length + 1}`;
}

/**
 * Refuses a hidden character, naming the first and where it is. It looks at the value before
 * trimming, so that lines and characters are counted as the writer sees them in the field, but
 * only between the ends that trimming drops (spaces, line breaks, separators at either end are
 * dropped, not refused). `allowed` are characters left to another rule or kept: tab and line
 * breaks in the message, line breaks in a one-line field (refused there as "must be on one line").
 */
const visibleOnly =
  (label: string, allowed: string, multiline: boolean) => (value: string, ctx: z.RefinementCtx<string>) => {
    const start = value.length - value.trimStart().length;
    const kept = value.slice(start, value.trimEnd().length);
    const found = firstHidden(kept, allowed);
    if (!found) {
      const run = markRun.exec(kept.replace(selectorAfterEmoji, standIns));
      if (run)
        ctx.addIssue({
          code: 'custom',
          message: `${label} has ${[...run[0]].length} combining marks in a row ${placeOf(
            value,
            start + run.index,
            multiline,
          )}; please remove them`,
        });
      return;
    }
    ctx.addIssue({
      code: 'custom',
      message: `${label} contains an invisible character (${describeCharacter(found.character)}) ${placeOf(
        value,
        start + found.index,
        multiline,
      )}; please remove it`,
    });
  };

/**
 * A MIME encoded word (RFC 2047), `=?charset?Q?text?=` or `=?charset?B?text?=` in any case. Mail
 * programs decode one wherever it stands in a header, and nodemailer sends a header of plain ASCII
 * as written: a name typed as `Ada =?UTF-8?Q?=E2=80=AEcod.exe?=` would reach the Subject as a
 * right-to-left override, a character refused above. Name and company make the Subject and the
 * e-mail address the Reply-To, and every one-line field could become a header, so none may hold
 * one; the message is the e-mail's body, which no mail program decodes this way, and may.
 */
const encodedWord = /=\?[^?]*\?[bq]\?[^?]*\?=/i;

/** A letter or digit of any script; the Hangul fillers count as letters in Unicode but show nothing. */
const letterOrDigit = /(?![\u115F\u1160\u3164\uFFA0])[\p{L}\p{N}]/u;

const letterError = (label: string) => `${label} must contain at least one letter or digit`;

// Line-break hints go first, so that no rule sees them; hidden characters are looked for before
// trimming (see visibleOnly), the other rules after it: spaces, line breaks and separators at
// either end are dropped.
const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .overwrite(withoutLineBreakHints)
    .superRefine(visibleOnly(label, '\r\n', false))
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !/[\r\n]/.test(value), { error: `${label} must be on one line` })
    .refine((value) => !encodedWord.test(value), {
      error: `${label} must not contain an encoded word such as =?UTF-8?Q?...?=`,
    });

/** An optional one-line detail: left out of the message when empty. */
const optionalDetail = (label: string, max: number) =>
  singleLine(label, max)
    .optional()
    .transform((value) => value || undefined);

export const contactMessageSchema = z.object({
  name: singleLine('Name', contactLimits.name).pipe(
    z
      .string()
      .min(1, { error: 'Name is required' })
      .regex(letterOrDigit, { error: letterError('Name') }),
  ),
  email: singleLine('Email', contactLimits.email).pipe(
    z
      .string()
      .min(1, { error: 'Email is required' })
      .pipe(z.email({ error: 'Email must be a valid e-mail address' })),
  ),
  company: singleLine('Company', contactLimits.company).optional().default(''),
  // Asked for samples and data sheets (topics with `details` in src/content/topics.json), always
  // optional; kept with the message when filled in, whatever the topic.
  country: optionalDetail(requestDetailLabels.country, contactLimits.country),
  quantity: optionalDetail(requestDetailLabels.quantity, contactLimits.quantity),
  substrate: optionalDetail(requestDetailLabels.substrate, contactLimits.substrate),
  message: z
    .string({ error: 'Message must be text' })
    .overwrite(withoutLineBreakHints)
    .superRefine(visibleOnly('Message', '\t\r\n', true))
    .trim()
    .min(1, { error: 'Message is required' })
    // Refused past the limit, never cut short: the writer chooses what to leave out.
    .max(contactLimits.message, { error: `Message must be at most ${contactLimits.message} characters` })
    .regex(letterOrDigit, { error: letterError('Message') }),
});

/** A valid message; a request detail is present only when filled in. */
export type ContactMessage = Omit<z.infer<typeof contactMessageSchema>, RequestDetail> &
  Partial<Record<RequestDetail, string>>;

/** A message as it is kept and e-mailed: what the visitor wrote, and what the server resolved. */
export type KeptMessage = ContactMessage & {
  /**
   * What the message is about, set by the server from a known topic and catalogue item
   * (src/contact/regarding.ts), never taken from the request as written.
   */
  regarding?: string | undefined;
};

export type FieldErrors = Partial<Record<keyof ContactMessage, string>>;

export type Validation = { ok: true; message: ContactMessage } | { ok: false; fields: FieldErrors };

/** Checks a decoded body; on failure names each bad field with one message. */
export function validateContactMessage(input: unknown): Validation {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) {
    // A detail left empty is no key at all, in the stored message as in the e-mail.
    const message = Object.fromEntries(
      Object.entries(result.data).filter(([, value]) => value !== undefined),
    ) as ContactMessage;
    return { ok: true, message };
  }
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in contactMessageSchema.shape && !(field in fields)) {
      fields[field as keyof FieldErrors] = issue.message;
    }
  }
  if (Object.keys(fields).length === 0) fields.message = 'The message could not be read';
  return { ok: false, fields };
}

export { joinName } from './name';
