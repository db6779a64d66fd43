import { z } from 'astro/zod';
import { text, textList } from './text';

const phone = z
  .strictObject({
    label: text('What the number is for, e.g. "Bangkok headquarters"'),
    display: text('The number as people read it'),
    tel: z
      .string()
      .regex(/^\+[0-9]{6,15}$/, { error: 'tel must be "+" and 6-15 digits, without spaces, e.g. "+6620000000"' })
      .describe('The number for tel: links: "+", country code and digits only.'),
  })
  .describe('A telephone number.');

const office = z
  .strictObject({
    id: z.enum(['headquarters', 'sales', 'regional']).describe('Which office this is.'),
    role: text('Office role, e.g. "Corporate headquarters"'),
    city: text('City'),
    country: text('Country'),
    countryCode: z
      .string()
      .regex(/^[A-Z]{2}$/, { error: 'countryCode must be two capital letters, e.g. "TH"' })
      .describe('Two-letter country code (ISO 3166-1), e.g. "TH".'),
    streetAddress: textList('Street address lines'),
    postalCode: text('Postal code'),
    region: text('Province, state or district').optional(),
  })
  .describe('An office with its full postal address.');

export const identitySchema = z
  .strictObject({
    name: text('Company name as written in full'),
    shortName: text('Short company name for the top bar'),
    tagline: text('One line saying what the company does'),
    emails: z
      .strictObject({
        general: z.email({ error: 'emails.general must be an e-mail address' }).describe('General enquiries mailbox.'),
        careers: z
          .email({ error: 'emails.careers must be an e-mail address' })
          .describe('Mailbox for job applications.'),
      })
      .describe('The two public e-mail addresses.'),
    phones: z
      .array(phone)
      .length(2, { error: 'phones must list exactly two numbers' })
      .describe('Exactly two telephone numbers, the main one first.'),
    offices: z
      .array(office)
      .length(3, { error: 'offices must list exactly three offices' })
      .refine((list) => new Set(list.map((o) => o.id)).size === list.length, {
        error: 'each office id (headquarters, sales, regional) may appear once',
      })
      .describe('Exactly three offices: headquarters, sales and regional, each once.'),
    foundedYear: z.number().int().min(1900).max(2100).describe('Year the company was founded.'),
    footerYear: z.number().int().min(1900).max(2100).describe('Year shown in the footer copyright line.'),
  })
  .describe('Company identity: the one place for name, e-mails, phones and addresses.');

export type Identity = z.infer<typeof identitySchema>;
export type Office = Identity['offices'][number];
