/**
 * What a contact message is, and the rules it must meet before it is kept. The same rules
 * answer the browser form, the no-JavaScript form and any other client.
 */
import { z } from 'astro/zod';

export const contactLimits = {
  name: 200,
  email: 254,
  company: 200,
  message: 5000,
  /** Largest request body accepted, in bytes. */
  bodyBytes: 32 * 1024,
} as const;

export { honeypotField } from './form-fields';


/**
 * Characters no one types on purpose, which only hide or disguise text: C0 and C1 control
 * characters and DEL, zero-width spaces and joiners, the byte-order mark, the invisible format
 * controls U+2060-U+206F (word joiner, invisible operators, direction isolates), the direction
 * marks and overrides (U+200E-U+200F, U+202A-U+202E, U+061C), and the line and paragraph
 * separators U+2028-U+2029. A message may still hold tabs and line breaks.
 */
const hidden = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF]/u;

/**
 * Zero-width non-joiner and joiner (U+200C, U+200D) are part of the text between two visible
 * characters and after a combining mark such as a virama: Persian and Indian scripts spell words
 * with them (older Malayalam ends words with virama and joiner), and emoji such as 👩‍🔬 are joined
 * by them. There they are set aside before the check; anywhere else they are refused like the
 * other hidden characters.
 */
const joinerInText = /(?<=[\p{L}\p{M}\p{N}\p{S}])[\u200C\u200D](?=[\p{L}\p{M}\p{N}\p{S}])|(?<=\p{M})[\u200C\u200D]/gu;
/** Whether `value` holds a hidden character, leaving aside joiners in text and those `allowed`. */
const hasHidden = (value: string, allowed?: RegExp) => {
  const rest = value.replace(joinerInText, '');
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

export const contactMessageSchema = z.object({
  name: singleLine('Name', contactLimits.name).pipe(
    z.string().min(1, { error: 'Name is required' }).regex(letterOrDigit, { error: letterError('Name') }),
  ),
  email: singleLine('Email', contactLimits.email).pipe(
    z.string().min(1, { error: 'Email is required' }).pipe(z.email({ error: 'Email must be a valid e-mail address' })),
  ),
  company: singleLine('Company', contactLimits.company).optional().default(''),
  message: z
    .string({ error: 'Message must be text' })
    .trim()
    .min(1, { error: 'Message is required' })
    .max(contactLimits.message, { error: `Message must be at most ${contactLimits.message} characters` })
    .refine((value) => !hasHidden(value, /[\t\n\r]/g), { error: hiddenError('Message') })
    .regex(letterOrDigit, { error: letterError('Message') }),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** A message as it is kept and e-mailed: what the visitor wrote, and what the server resolved. */
export type KeptMessage = ContactMessage & {
  /**
   * What the message is about, set by the server from a known topic and catalogue item
   * (src/lib/contact/regarding.ts), never taken from the request as written.
   */
  regarding?: string | undefined;
};

export type FieldErrors = Partial<Record<keyof ContactMessage, string>>;

export type Validation = { ok: true; message: ContactMessage } | { ok: false; fields: FieldErrors };

/** Checks a decoded body; on failure names each bad field with one message. */
export function validateContactMessage(input: unknown): Validation {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return { ok: true, message: result.data };
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
