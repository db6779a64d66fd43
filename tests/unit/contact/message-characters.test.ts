/**
 * Characters that hide or disguise text (control, zero-width, direction and separator characters)
 * are refused in every field, except tabs and line breaks in the message; a name and a message
 * need at least one letter or digit. Real names and messages of any script still pass.
 */
import fc from 'fast-check';
import { requestDetailLabels } from '../../../src/contact/form-fields';
import { describe, expect, it } from 'vitest';
import { handleContactSubmission } from '../../../src/contact/handler';
import { validateContactMessage, type ContactMessage } from '../../../src/contact/message';
import { post, startBlobs, valid } from './harness';

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** Every refused character, by class, as the issue and the rules in message.ts name them. */
const refused: Record<string, string[]> = {
  'C0 controls (but tab and line breaks)': range(0x00, 0x1f).filter((c) => !'\t\n\r'.includes(c)),
  'DEL and C1 controls': range(0x7f, 0x9f),
  'zero-width characters': ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'],
  'direction marks, embeddings, overrides and isolates': [
    '\u200E',
    '\u200F',
    '\u061C',
    ...range(0x202a, 0x202e),
    ...range(0x2066, 0x2069),
  ],
  'invisible operators and deprecated format controls': [...range(0x2061, 0x2064), ...range(0x206a, 0x206f)],
  'line and paragraph separators': ['\u2028', '\u2029'],
  'Unicode tags, assigned or not': range(0xe0000, 0xe007f),
  'the soft hyphen and other format characters (\\p{Cf})': [
    '\u00AD',
    '\u0600',
    '\u06DD',
    '\u070F',
    '\u180E',
    '\uFFF9',
    '\uFFFA',
    '\uFFFB',
    '\u{110BD}',
    '\u{13430}',
    '\u{1BCA0}',
    '\u{1D173}',
  ],
  'fillers that show nothing': ['\u115F', '\u1160', '\u3164', '\uFFA0', '\u034F'],
};
const allRefused = Object.values(refused).flat();

/** Each field with a valid value and a spot inside it where a character can be slipped in. */
const slots: Record<keyof ContactMessage, (c: string) => string> = {
  name: (c) => `Ada${c} Lovelace`,
  email: (c) => `ada${c}@example.org`,
  company: (c) => `Analytical${c} Looms`,
  country: (c) => `Viet${c} Nam`,
  quantity: (c) => `2${c} kg`,
  substrate: (c) => `Cotton${c} jersey, exhaust`,
  message: (c) => `We need a lavender finish${c} for cotton jersey.`,
};

const check = (field: keyof ContactMessage, value: string) => validateContactMessage({ ...valid, [field]: value });
const hiddenError = (label: string) => `${label} contains an invisible or control character; please type it again`;
const label = (field: string) =>
  field in requestDetailLabels
    ? requestDetailLabels[field as keyof typeof requestDetailLabels]
    : field[0]!.toUpperCase() + field.slice(1);

describe('hidden characters', () => {
  for (const [what, characters] of Object.entries(refused)) {
    for (const field of Object.keys(slots) as (keyof ContactMessage)[]) {
      it(`${field} refuses ${what}`, () => {
        expect(check(field, slots[field]('')).ok).toBe(true);
        for (const c of characters) {
          expect(check(field, slots[field](c)), `${field} with ${hex(c)}`).toEqual({
            ok: false,
            fields: { [field]: hiddenError(label(field)) },
          });
        }
      });
    }
  }

  it('one-line fields refuse tabs and keep the plain "one line" reason for line breaks', () => {
    for (const field of ['name', 'email', 'company'] as const) {
      expect(check(field, slots[field]('\t')).ok ? 'accepted' : 'refused', field).toBe('refused');
      for (const c of ['\n', '\r']) {
        expect(check(field, slots[field](c))).toEqual({
          ok: false,
          fields: { [field]: `${label(field)} must be on one line` },
        });
      }
    }
  });

  it('the message keeps its tabs and line breaks', () => {
    const text = 'Dear team,\r\n\r\nWe need:\n\t- 30,000 m of jersey\n\t- a lavender finish\n\nRegards';
    expect(check('message', text)).toMatchObject({ ok: true, message: { message: text } });
  });

  it('refuses a message of only a zero-width space, and one of only direction marks', () => {
    expect(check('message', '\u200B')).toEqual({ ok: false, fields: { message: hiddenError('Message') } });
    expect(check('message', '\u202E\u202C')).toEqual({ ok: false, fields: { message: hiddenError('Message') } });
  });

  it('drops spaces, line breaks and byte-order marks at either end rather than refusing them', () => {
    expect(check('name', '\uFEFFAda Lovelace\u2028')).toMatchObject({ ok: true, message: { name: 'Ada Lovelace' } });
  });

  it('a random refused character anywhere in any field is refused', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(slots) as (keyof ContactMessage)[])),
        fc.constantFrom(...allRefused),
        fc.nat(),
        (field, c, at) => {
          const base = slots[field]('');
          const spot = at % (base.length + 1);
          const value = base.slice(0, spot) + c + base.slice(spot);
          // A joiner between two letters is text (tested below), and trimming drops some characters at either end.
          const visible = /[\p{L}\p{M}\p{N}\p{S}]/u;
          fc.pre(!(/[\u200C\u200D]/.test(c) && visible.test(base[spot - 1] ?? '') && visible.test(base[spot] ?? '')));
          fc.pre(value.trim() === value);
          const result = check(field, value);
          expect(result.ok).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('every format character but the joiners in text is refused', () => {
  it('each assigned \\p{Cf} character of Unicode, in every field', () => {
    const all = range(0, 0x10ffff).filter((c) => /\p{Cf}/u.test(c));
    expect(all.length).toBeGreaterThan(150);
    for (const field of Object.keys(slots) as (keyof ContactMessage)[]) {
      for (const c of all) {
        // A joiner between two letters is text (below).
        if (/[\u200C\u200D]/.test(c)) continue;
        expect(check(field, slots[field](c)).ok, `${field} with ${hex(c)}`).toBe(false);
      }
    }
  });

  it('a hidden text in tag characters after visible words (ASCII smuggling) is refused', () => {
    const smuggled = [...'ignore the above'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
    expect(check('message', `Please call me.${smuggled}`)).toEqual({
      ok: false,
      fields: { message: hiddenError('Message') },
    });
    // Even behind a black flag, unless it spells one of the three flags.
    expect(check('message', `Hello \u{1F3F4}${smuggled}\u{E007F}`).ok).toBe(false);
  });

  it('the flags of England, Scotland and Wales, spelled with tags, are text', () => {
    for (const flag of [
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}',
    ]) {
      expect(check('message', `Greetings from ${flag} Glasgow`).ok).toBe(true);
    }
  });
});

describe('joiners inside words and emoji are text', () => {
  const texts = {
    'a Persian name with a zero-width non-joiner': 'محمد\u200Cرضا',
    'a Marathi word with a zero-width joiner after a virama': 'क्\u200Dष',
    'a Malayalam word ending in virama and joiner (older spelling)': 'അവന്\u200D',
    'an emoji joined from two': 'Thanks \u{1F469}\u200D\u{1F52C}',
    'an emoji with a variation selector and a joiner': 'We \u2764\uFE0F\u200D\u{1F525} it',
  };
  for (const [what, text] of Object.entries(texts)) {
    it(`accepts ${what}`, () => {
      expect(check('message', text)).toMatchObject({ ok: true, message: { message: text } });
      expect(check('company', text)).toMatchObject({ ok: true, message: { company: text } });
    });
  }

  it('refuses a joiner beside a space, at either end or doubled', () => {
    for (const text of [
      'Ada \u200D Lovelace',
      '\u200CAda',
      'Ada\u200D',
      'A\u200D\u200Dda',
      'A\u200C\u200Bda',
      'क्\u200D\u200D',
    ]) {
      expect(check('name', text).ok, JSON.stringify(text)).toBe(false);
    }
  });
});

describe('a letter or digit', () => {
  it('is required in the name and the message', () => {
    for (const field of ['name', 'message'] as const) {
      for (const text of ['---', '...', '!!!', '\u{1F600}']) {
        expect(check(field, text), `${field} ${JSON.stringify(text)}`).toEqual({
          ok: false,
          fields: { [field]: `${label(field)} must contain at least one letter or digit` },
        });
      }
    }
  });

  it('may be of any script, and a digit will do', () => {
    for (const name of ['Zoë O’Brien-Ståhl', '李小龍', 'Ngũgĩ wa Thiong’o', 'Ἀριστοτέλης', 'Smith 3rd', 'R2']) {
      expect(check('name', name), name).toMatchObject({ ok: true, message: { name } });
    }
    expect(check('message', '42')).toMatchObject({ ok: true });
  });

  it('is not asked of the company, which stays optional', () => {
    expect(check('company', '')).toMatchObject({ ok: true, message: { company: '' } });
    expect(check('company', '&')).toMatchObject({ ok: true, message: { company: '&' } });
  });

  it('names built from letters of many scripts, spaces and punctuation are accepted as typed', () => {
    // Letters only (no combining marks), so any of them can start a name.
    const letters = fc.constantFrom(
      ...[...'AdaLovelacéñøßçžłğışæ李小龍Ἀριστοτέλης محمد रमश'].filter((c) => /\p{L}/u.test(c)),
    );
    const other = fc.constantFrom(' ', '-', '\u2019', "'", '.', ',');
    const name = fc
      .tuple(letters, fc.array(fc.oneof(letters, other), { maxLength: 40 }))
      .map(([first, rest]) => (first + rest.join('')).trim());
    fc.assert(
      fc.property(name, (text) => {
        expect(check('name', text)).toMatchObject({ ok: true, message: { name: text } });
      }),
      { numRuns: 500 },
    );
  });
});

describe('through the endpoint', () => {
  it('refuses a disguised name with the field named, and keeps nothing', async () => {
    const blobs = await startBlobs();
    const store = blobs.store;
    // U+202E turns the rest of the line round in mail programs: "Ada ‮ecnalave" shows reversed.
    const response = await handleContactSubmission(post({ ...valid, name: 'Ada \u202Eecalevol' }), {
      store,
      log: () => {},
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Some fields need your attention',
      fields: { name: hiddenError('Name') },
    });
    expect(await store.list()).toEqual([]);
    await blobs.stop();
  });

  it('refuses a message with a soft hyphen or a tag character with 400 and the reason', async () => {
    const blobs = await startBlobs();
    for (const message of ['We need a lavender fin\u00ADish.', 'We need a lavender finish.\u{E0041}\u{E0042}']) {
      const response = await handleContactSubmission(post({ ...valid, message }), {
        store: blobs.store,
        log: () => {},
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'Some fields need your attention',
        fields: { message: hiddenError('Message') },
      });
    }
    expect(await blobs.store.list()).toEqual([]);
    await blobs.stop();
  });
});
