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

/** Name of the hidden field people leave empty and form-filling robots do not. */
export const honeypotField = 'website';

const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => !/[\r\n]/.test(value), { error: `${label} must be on one line` });

export const contactMessageSchema = z.object({
  name: singleLine('Name', contactLimits.name).pipe(z.string().min(1, { error: 'Name is required' })),
  email: singleLine('Email', contactLimits.email).pipe(
    z.string().min(1, { error: 'Email is required' }).pipe(z.email({ error: 'Email must be a valid e-mail address' })),
  ),
  company: singleLine('Company', contactLimits.company).optional().default(''),
  message: z
    .string({ error: 'Message must be text' })
    .trim()
    .min(1, { error: 'Message is required' })
    .max(contactLimits.message, { error: `Message must be at most ${contactLimits.message} characters` }),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;

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
      fields[field as keyof ContactMessage] = issue.message;
    }
  }
  if (Object.keys(fields).length === 0) fields.message = 'The message could not be read';
  return { ok: false, fields };
}

export { joinName } from './name';
