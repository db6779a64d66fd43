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
 * Characters no one types on purpose, which only hide or disguise text: C0 and C1 control
 * characters and DEL, the line and paragraph separators U+2028-U+2029, and every format
 * character (`\p{Cf}`): zero-width spaces and joiners, the byte-order mark, the soft hyphen, the
 * invisible operators and format controls U+2060-U+206F, the direction marks, embeddings,
 * overrides and isolates, the interlinear annotation marks, the Unicode tags U+E0000-U+E007F
 * (which can carry a whole hidden text, and are refused even where unassigned), and the like;
 * besides them, the fillers that show nothing though Unicode counts them as letters or marks
 * (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining grapheme joiner U+034F).
 * A message may still hold tabs and line breaks.
 */
// Control characters and a lone combining joiner are what this pattern is for.
// eslint-disable-next-line no-control-regex, no-misleading-character-class
const hidden = /[\u0000-\u001F\u007F-\u009F\u034F\u115F\u1160\u2028\u2029\u3164\uFFA0\u{E0000}-\u{E007F}]|\p{Cf}/u;

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
/** Whether `value` holds a hidden character, leaving aside joiners in text and those `allowed`. */
const hasHidden = (value: string, allowed?: RegExp) => {
  const rest = value.replace(tagFlag, '\u{1F3F4}').replace(joinerInText, '');
  return hidden.test(allowed ? rest.replace(allowed, '') : rest);
};

/** A letter or digit of any script; the Hangul fillers count as letters in Unicode but show nothing. */
const letterOrDigit = /(?![\u115F\u1160\u3164\uFFA0])[\p{L}\p{N}]/u;

const hiddenError = (label: string) => `${label} contains an invisible or control character; please type it again`;
const letterError = (label: string) => `${label} must contain at least one letter or digit`;

// Checked after trimming: spaces, line breaks and byte-order marks at either end are dropped.
const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !/[\r\n]/.test(value), { error: `${label} must be on one line` })
    .refine((value) => !hasHidden(value), { error: hiddenError(label) });

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
    .trim()
    .min(1, { error: 'Message is required' })
    .max(contactLimits.message, { error: `Message must be at most ${contactLimits.message} characters` })
    .refine((value) => !hasHidden(value, /[\t\n\r]/g), { error: hiddenError('Message') })
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
