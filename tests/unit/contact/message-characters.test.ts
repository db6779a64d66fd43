/**
 * Text as people paste it. Invisible characters that only say where a line may break (soft
 * hyphen, zero-width space, word joiner, byte-order mark) are removed from every field, not
 * refused. Characters that hide or disguise text (controls, direction and separator characters,
 * other format characters, tags, fillers) are refused in every field, except tabs and line breaks
 * in the message, and the first one is named with where it is. One-line fields refuse MIME
 * encoded words. A name and a message need at least one letter or digit. Real names and messages
 * of any script still pass.
 */
import fc from 'fast-check';
import { requestDetailLabels } from '../../../src/contact/form-fields';
import { describe, expect, it } from 'vitest';
import { handleContactSubmission } from '../../../src/contact/handler';
import { smtpMailer } from '../../../src/contact/mail';
import {
  contactLimits,
  maxCombiningMarks,
  validateContactMessage,
  type ContactMessage,
} from '../../../src/contact/message';
import { post, startBlobs, useContactServers, valid } from './harness';

const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** The invisible characters that are removed wherever they stand, with the names Unicode gives them. */
const removed = {
  '\u00AD': 'SOFT HYPHEN',
  '\u200B': 'ZERO WIDTH SPACE',
  '\u2060': 'WORD JOINER',
  '\uFEFF': 'ZERO WIDTH NO-BREAK SPACE (byte-order mark)',
};
const isRemoved = (c: string) => c in removed;

/** Every refused character, by class, as the issue and the rules in message.ts name them. */
const refused: Record<string, string[]> = {
  'C0 controls (but tab and line breaks)': range(0x00, 0x1f).filter((c) => !'\t\n\r'.includes(c)),
  'DEL and C1 controls': range(0x7f, 0x9f),
  'zero-width joiners out of text': ['\u200C', '\u200D'],
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
  'other format characters (\\p{Cf})': [
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
  'fillers that show nothing': ['\u115F', '\u1160', '\u3164', '\uFFA0', '\u034F', '\u2800'],
  "variation selectors, but an emoji's own after it": range(0xfe00, 0xfe0f),
  'ideographic variation selectors': range(0xe0100, 0xe01ef),
};
const allRefused = Object.values(refused).flat();

/**
 * Each field with a valid value split where a character can be slipped in, and the place that
 * character then has, as the error names it.
 */
const slots: Record<keyof ContactMessage, [before: string, after: string, place: string]> = {
  name: ['Ada', ' Lovelace', 'at character 4'],
  email: ['ada', '@example.org', 'at character 4'],
  company: ['Analytical', ' Looms', 'at character 11'],
  country: ['Viet', ' Nam', 'at character 5'],
  quantity: ['2', ' kg', 'at character 2'],
  substrate: ['Cotton', ' jersey, exhaust', 'at character 7'],
  message: ['We need a lavender finish', ' for cotton jersey.', 'at line 1, character 26'],
};
const fields = Object.keys(slots) as (keyof ContactMessage)[];
const oneLineFields = fields.filter((field) => field !== 'message');
const slot = (field: keyof ContactMessage, c: string) => slots[field][0] + c + slots[field][1];

const check = (field: keyof ContactMessage, value: string) => validateContactMessage({ ...valid, [field]: value });
const label = (field: string) =>
  field in requestDetailLabels
    ? requestDetailLabels[field as keyof typeof requestDetailLabels]
    : field[0]!.toUpperCase() + field.slice(1);
const hiddenError = (label: string, character: string, place: string) =>
  `${label} contains an invisible character (${character}) ${place}; please remove it`;
const encodedWordError = (label: string) => `${label} must not contain an encoded word such as =?UTF-8?Q?...?=`;
const refusedAs = (field: keyof ContactMessage, message: string) => ({ ok: false, fields: { [field]: message } });

describe('invisible characters that only mark where a line may break are removed', () => {
  for (const [c, name] of Object.entries(removed)) {
    it(`removes ${hex(c)} ${name} from every field, wherever it stands`, () => {
      for (const field of fields) {
        const clean = slot(field, '');
        expect(check(field, slot(field, c)), `${field} with ${hex(c)}`).toMatchObject({
          ok: true,
          message: { [field]: clean },
        });
        // Doubled, at either end and beside a line break or space.
        expect(check(field, `${c}${slots[field][0]}${c}${c}${slots[field][1]}${c}`)).toMatchObject({
          ok: true,
          message: { [field]: clean },
        });
      }
    });
  }

  it('keeps a word pasted from a word processor whole: "fin\\u00ADish" is stored as "finish"', () => {
    expect(check('message', 'We need a lavender fin\u00ADish for cotton\u200B jersey.')).toMatchObject({
      ok: true,
      message: { message: 'We need a lavender finish for cotton jersey.' },
    });
    expect(check('message', 'Dear team,\n\u200B\nWe need it.')).toMatchObject({
      ok: true,
      message: { message: 'Dear team,\n\nWe need it.' },
    });
  });

  it('leaves nothing of a field of them alone: it is empty, and a required one says so', () => {
    expect(check('message', '\u200B')).toEqual(refusedAs('message', 'Message is required'));
    expect(check('name', '\u00AD\uFEFF\u2060')).toEqual(refusedAs('name', 'Name is required'));
    expect(check('company', '\u200B')).toMatchObject({ ok: true, message: { company: '' } });
    // An optional detail left with nothing is no key at all.
    expect(check('country', '\u200B')).toEqual({ ok: true, message: valid });
  });

  it('counts towards the length limit only what remains', () => {
    const name = 'a'.repeat(contactLimits.name);
    expect(check('name', [...name].join('\u00AD'))).toMatchObject({ ok: true, message: { name } });
    expect(check('name', `${name}b`)).toEqual(
      refusedAs('name', `Name must be at most ${contactLimits.name} characters`),
    );
    const message = 'x'.repeat(contactLimits.message);
    expect(check('message', `${message.slice(0, 10)}${'\u200B'.repeat(500)}${message.slice(10)}`)).toMatchObject({
      ok: true,
      message: { message },
    });
    // Above the limit, still refused with its reason; nothing is cut.
    expect(check('message', `${message}y`)).toEqual(
      refusedAs('message', `Message must be at most ${contactLimits.message} characters`),
    );
  });

  it('are removed before the other rules: what they hid is judged as it then reads', () => {
    // A joiner between two letters is text once the zero-width space between them is gone.
    expect(check('message', 'محمد\u200B\u200Cرضا')).toMatchObject({ ok: true, message: { message: 'محمد\u200Cرضا' } });
    // An encoded word split by soft hyphens is still one.
    expect(check('name', 'Ada =\u00AD?UTF-8?Q?=E2=80=AEcod.exe?\u00AD=')).toEqual(
      refusedAs('name', encodedWordError('Name')),
    );
    // And a hidden character is counted where a person sees it, without them before it.
    expect(check('name', 'A\u00ADd\u200Ba \u202ELovelace')).toEqual(
      refusedAs('name', hiddenError('Name', 'U+202E RIGHT-TO-LEFT OVERRIDE', 'at character 5')),
    );
  });
});

describe('hidden characters are refused, the first named with where it is', () => {
  for (const [what, characters] of Object.entries(refused)) {
    for (const field of fields) {
      it(`${field} refuses ${what}`, () => {
        expect(check(field, slot(field, '')).ok).toBe(true);
        for (const c of characters) {
          // After a digit (the quantity's), the emoji selectors are text: a keycap's start.
          if (/[\uFE0E\uFE0F]/.test(c) && /\p{Emoji}/u.test(slots[field][0].at(-1)!)) continue;
          const result = check(field, slot(field, c));
          expect(result, `${field} with ${hex(c)}`).toMatchObject({ ok: false });
          // The code point, and its name where it has one: "(U+202E RIGHT-TO-LEFT OVERRIDE)".
          const reason = (result.ok ? {} : result.fields)[field] ?? '';
          const named = reason.match(
            /^(.+) contains an invisible character \((U\+[0-9A-F]{4,6})(?: ([A-Z0-9 -]+))?\) (.+); please remove it$/,
          );
          expect(named, reason).not.toBeNull();
          expect([named![1], named![2], named![4]]).toEqual([label(field), hex(c), slots[field][2]]);
        }
      });
    }
  }

  it('names the common ones, and gives the code point alone for the others', () => {
    const names = {
      '\u202E': 'U+202E RIGHT-TO-LEFT OVERRIDE',
      '\u202A': 'U+202A LEFT-TO-RIGHT EMBEDDING',
      '\u2066': 'U+2066 LEFT-TO-RIGHT ISOLATE',
      '\u2069': 'U+2069 POP DIRECTIONAL ISOLATE',
      '\u200F': 'U+200F RIGHT-TO-LEFT MARK',
      '\u200D': 'U+200D ZERO WIDTH JOINER',
      '\u2028': 'U+2028 LINE SEPARATOR',
      '\u3164': 'U+3164 HANGUL FILLER',
      '\u0000': 'U+0000 NULL',
      '\u001B': 'U+001B ESCAPE',
      '\u0007': 'U+0007',
      '\u{E0041}': 'U+E0041',
      '\u{E007F}': 'U+E007F CANCEL TAG',
      '\u{1D173}': 'U+1D173',
    };
    for (const [c, named] of Object.entries(names)) {
      expect(check('name', slot('name', c)), named).toEqual(
        refusedAs('name', hiddenError('Name', named, 'at character 4')),
      );
    }
  });

  it('gives line and character in the message, counting CR LF, CR and LF each as one line break', () => {
    const message = 'Dear team,\r\n\r\nWe need a lavender finish.\nPlease call\r+44 20 7946 0000 \u202Eext. 12';
    expect(check('message', message)).toEqual(
      refusedAs('message', hiddenError('Message', 'U+202E RIGHT-TO-LEFT OVERRIDE', 'at line 5, character 18')),
    );
    // The first one found is named, not a later one.
    expect(check('message', 'Hello\n\u2066there\u202E\n\u0007')).toEqual(
      refusedAs('message', hiddenError('Message', 'U+2066 LEFT-TO-RIGHT ISOLATE', 'at line 2, character 1')),
    );
  });

  it('counts a character beyond the first plane (an emoji, a tag) as one, not two', () => {
    expect(check('message', 'Thanks!\n\u{1F600}\u{1F600} ok \u2066')).toEqual(
      refusedAs('message', hiddenError('Message', 'U+2066 LEFT-TO-RIGHT ISOLATE', 'at line 2, character 7')),
    );
    expect(check('name', '\u{1D4D0}da \u{1F600}\u{E0041}')).toEqual(
      refusedAs('name', hiddenError('Name', 'U+E0041', 'at character 6')),
    );
    expect(check('company', 'Looms \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} \u202D')).toEqual(
      refusedAs('company', hiddenError('Company', 'U+202D LEFT-TO-RIGHT OVERRIDE', 'at character 15')),
    );
  });

  it('counts lines and characters as the writer sees them, blank lines and spaces at the start too', () => {
    expect(check('message', '\n\n  Hello \u202Ethere')).toEqual(
      refusedAs('message', hiddenError('Message', 'U+202E RIGHT-TO-LEFT OVERRIDE', 'at line 3, character 9')),
    );
    expect(check('name', '   Ada\u2067')).toEqual(
      refusedAs('name', hiddenError('Name', 'U+2067 RIGHT-TO-LEFT ISOLATE', 'at character 7')),
    );
  });

  it('one-line fields refuse tabs, named, and keep the plain "one line" reason for line breaks', () => {
    for (const field of oneLineFields) {
      expect(check(field, slot(field, '\t'))).toEqual(
        refusedAs(field, hiddenError(label(field), 'U+0009 CHARACTER TABULATION', slots[field][2])),
      );
      for (const c of ['\n', '\r', '\r\n']) {
        expect(check(field, slot(field, c))).toEqual(refusedAs(field, `${label(field)} must be on one line`));
      }
    }
  });

  it('the message keeps its tabs and line breaks', () => {
    const text = 'Dear team,\r\n\r\nWe need:\n\t- 30,000 m of jersey\n\t- a lavender finish\n\nRegards';
    expect(check('message', text)).toMatchObject({ ok: true, message: { message: text } });
  });

  it('refuses a message of only direction marks', () => {
    expect(check('message', '\u202E\u202C')).toEqual(
      refusedAs('message', hiddenError('Message', 'U+202E RIGHT-TO-LEFT OVERRIDE', 'at line 1, character 1')),
    );
  });

  it('drops spaces, line breaks and separators at either end rather than refusing them', () => {
    expect(check('name', '\uFEFF Ada Lovelace\u2028')).toMatchObject({ ok: true, message: { name: 'Ada Lovelace' } });
    expect(check('message', '\u2029\n Hello\n\u2028')).toMatchObject({ ok: true, message: { message: 'Hello' } });
  });

  it('a random refused character anywhere in any field is refused, named with its place', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.constantFrom(...allRefused), fc.nat(), (field, c, at) => {
        const base = slot(field, '');
        const spot = at % (base.length + 1);
        const value = base.slice(0, spot) + c + base.slice(spot);
        // A joiner between two letters is text (tested below), and trimming drops some characters at either end.
        const visible = /[\p{L}\p{M}\p{N}\p{S}]/u;
        fc.pre(!(/[\u200C\u200D]/.test(c) && visible.test(base[spot - 1] ?? '') && visible.test(base[spot] ?? '')));
        // A variation selector right after an emoji (a digit is one) is text too.
        fc.pre(!(/[\uFE0E\uFE0F]/.test(c) && /\p{Emoji}/u.test(base[spot - 1] ?? '')));
        fc.pre(value.trim() === value);
        const place = field === 'message' ? `at line 1, character ${spot + 1}` : `at character ${spot + 1}`;
        expect(check(field, value)).toEqual(
          refusedAs(
            field,
            expect.stringMatching(
              new RegExp(
                `^${label(field)} contains an invisible character \\(${hex(c).replace('+', '\\+')}[ A-Z0-9-]*\\) ${place};`,
              ),
            ),
          ),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('encoded words', () => {
  const encodedWords = [
    '=?UTF-8?Q?=E2=80=AEcod.exe?=',
    '=?utf-8?q?Ada?=',
    '=?UTF-8?B?4oCuY29kLmV4ZQ==?=',
    '=?iso-8859-1?b?QWRh?=',
    '=?UTF-8*en?Q?Ada?=',
    '=?x?q??=',
  ];

  it('are refused in every one-line field, in Q and B and any case', () => {
    for (const field of oneLineFields) {
      for (const word of encodedWords) {
        expect(check(field, slot(field, word)), `${field} with ${word}`).toEqual(
          refusedAs(field, encodedWordError(label(field))),
        );
        expect(check(field, slot(field, ` ${word} `)), `${field} with ${word}`).toEqual(
          refusedAs(field, encodedWordError(label(field))),
        );
      }
    }
  });

  it('refuses the name of the issue: "Ada =?UTF-8?Q?=E2=80=AEcod.exe?="', () => {
    expect(check('name', 'Ada =?UTF-8?Q?=E2=80=AEcod.exe?=')).toEqual(
      refusedAs('name', 'Name must not contain an encoded word such as =?UTF-8?Q?...?='),
    );
  });

  it('are accepted in the message, which is the body of the e-mail, as written', () => {
    for (const word of encodedWords) {
      const message = `Our mail program shows the subject as ${word}, can you help?`;
      expect(check('message', message)).toMatchObject({ ok: true, message: { message } });
    }
  });

  it('leave alone text that only looks a little like one', () => {
    for (const company of ['A=?B', 'What =? Looms', '=?UTF-8?X?abc?=', '=?UTF-8?Q?no end', 'Q?=B']) {
      expect(check('company', company), company).toMatchObject({ ok: true, message: { company } });
    }
  });
});

describe('every format character but the joiners in text and the line-break hints is refused', () => {
  it('each assigned \\p{Cf} character of Unicode, in every field', () => {
    const all = range(0, 0x10ffff).filter((c) => /\p{Cf}/u.test(c));
    expect(all.length).toBeGreaterThan(150);
    for (const field of fields) {
      for (const c of all) {
        // A joiner between two letters is text (below); the line-break hints are removed (above).
        if (/[\u200C\u200D]/.test(c) || isRemoved(c)) continue;
        expect(check(field, slot(field, c)).ok, `${field} with ${hex(c)}`).toBe(false);
      }
    }
  });

  it('a hidden text in tag characters after visible words (ASCII smuggling) is refused at its first tag', () => {
    const smuggled = [...'ignore the above'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
    expect(check('message', `Please call me.${smuggled}`)).toEqual(
      refusedAs('message', hiddenError('Message', 'U+E0069', 'at line 1, character 16')),
    );
    // Even behind a black flag, unless it spells one of the three flags.
    expect(check('message', `Hello \u{1F3F4}${smuggled}\u{E007F}`)).toEqual(
      refusedAs('message', hiddenError('Message', 'U+E0069', 'at line 1, character 8')),
    );
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

  it('refuses a joiner beside a space, at either end or doubled, named with its place', () => {
    const zwnj = 'U+200C ZERO WIDTH NON-JOINER';
    const zwj = 'U+200D ZERO WIDTH JOINER';
    for (const [text, named, place] of [
      ['Ada \u200D Lovelace', zwj, 5],
      ['\u200CAda', zwnj, 1],
      ['Ada\u200D', zwj, 4],
      ['A\u200D\u200Dda', zwj, 2],
      ['A\u200C\u2062da', zwnj, 2],
      ['क्\u200D\u200D', zwj, 4],
    ] as const) {
      expect(check('name', text), JSON.stringify(text)).toEqual(
        refusedAs('name', hiddenError('Name', named, `at character ${place}`)),
      );
    }
  });

  it('takes a joiner for text once a line-break hint beside it is removed', () => {
    expect(check('name', 'A\u200C\u200Bda')).toMatchObject({ ok: true, message: { name: 'A\u200Cda' } });
  });
});

describe('variation selectors and combining marks', () => {
  it('a variation selector after an emoji is text: a heart, a keycap, a plain smiley', () => {
    for (const text of ['We \u2764\uFE0F linen', 'Option 1\uFE0F\u20E3 please', 'Thanks \u263A\uFE0E']) {
      expect(check('message', text), JSON.stringify(text)).toMatchObject({ ok: true, message: { message: text } });
      expect(check('company', text), JSON.stringify(text)).toMatchObject({ ok: true, message: { company: text } });
    }
  });

  it('one anywhere else is refused, named with its place, as is the blank braille pattern', () => {
    expect(check('name', 'Ada\uFE0F Lovelace')).toEqual(
      refusedAs('name', hiddenError('Name', 'U+FE0F VARIATION SELECTOR-16', 'at character 4')),
    );
    expect(check('name', 'Ada \uFE00Lovelace')).toEqual(
      refusedAs('name', hiddenError('Name', 'U+FE00 VARIATION SELECTOR-1', 'at character 5')),
    );
    expect(check('company', '\u845B\u{E0100} Looms')).toEqual(
      refusedAs('company', hiddenError('Company', 'U+E0100 VARIATION SELECTOR-17', 'at character 2')),
    );
    expect(check('name', 'Ada\u2800Lovelace')).toEqual(
      refusedAs('name', hiddenError('Name', 'U+2800 BRAILLE PATTERN BLANK', 'at character 4')),
    );
  });

  it(`up to ${maxCombiningMarks} combining marks on a character are text; a longer run is refused, counted, with its place`, () => {
    const marks = (n: number) =>
      // Marks U+0300-U+034E: U+034F, the grapheme joiner, is refused on its own.
      Array.from({ length: n }, (_, i) => String.fromCodePoint(0x0300 + (i % 0x4f))).join('');
    for (const name of ['Nguyễn Thị Ánh', 'Ngu\u0065\u0323\u0302n', 'שִׁ֖ין', `Ada${marks(maxCombiningMarks)} Lovelace`])
      expect(check('name', name), JSON.stringify(name)).toMatchObject({ ok: true });
    expect(check('name', `Ada${marks(190)} Lovelace`)).toEqual(
      refusedAs('name', 'Name has 190 combining marks in a row at character 4; please remove them'),
    );
    expect(check('name', `Ada${marks(maxCombiningMarks + 1)}`)).toEqual(
      refusedAs(
        'name',
        `Name has ${maxCombiningMarks + 1} combining marks in a row at character 4; please remove them`,
      ),
    );
    expect(check('message', `Hello\nZ${marks(40)}algo`)).toEqual(
      refusedAs('message', 'Message has 40 combining marks in a row at line 2, character 2; please remove them'),
    );
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
  it('refuses a disguised name with 400, the character named with its place, and keeps nothing', async () => {
    const blobs = await startBlobs();
    const store = blobs.store;
    // U+202E turns the rest of the line round in mail programs: "Ada \u202Eecalevol" shows reversed.
    const response = await handleContactSubmission(post({ ...valid, name: 'Ada \u202Eecalevol' }), {
      store,
      log: () => {},
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Some fields need your attention',
      fields: {
        name: 'Name contains an invisible character (U+202E RIGHT-TO-LEFT OVERRIDE) at character 5; please remove it',
      },
    });
    expect(await store.list()).toEqual([]);
    await blobs.stop();
  });

  it('refuses a name with an encoded word with 400 and the reason, and keeps nothing', async () => {
    const blobs = await startBlobs();
    const response = await handleContactSubmission(post({ ...valid, name: 'Ada =?UTF-8?Q?=E2=80=AEcod.exe?=' }), {
      store: blobs.store,
      log: () => {},
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Some fields need your attention',
      fields: { name: 'Name must not contain an encoded word such as =?UTF-8?Q?...?=' },
    });
    expect(await blobs.store.list()).toEqual([]);
    await blobs.stop();
  });

  it('refuses a message with tag characters with 400, the first named with its line and character', async () => {
    const blobs = await startBlobs();
    const response = await handleContactSubmission(
      post({ ...valid, message: 'Dear team,\r\nWe need a lavender finish.\u{E0041}\u{E0042}' }),
      { store: blobs.store, log: () => {} },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Some fields need your attention',
      fields: {
        message: 'Message contains an invisible character (U+E0041) at line 2, character 27; please remove it',
      },
    });
    expect(await blobs.store.list()).toEqual([]);
    await blobs.stop();
  });

  describe('with mail', () => {
    const servers = useContactServers();
    const settings = { to: 'sales@example.com', from: 'website@example.com', domain: 'www.example.com' };

    it('stores and e-mails pasted text without its line-break hints, and an encoded word in the message as written', async () => {
      const message =
        'We need a lavender fin\u00ADish\u200B for 30,000\u2060 m.\nSubject shown as =?UTF-8?Q?Caf=C3=A9?=';
      const response = await handleContactSubmission(
        post({ ...valid, name: '\uFEFFAda Love\u00ADlace', company: 'Analytical\u200B Looms', message }),
        { store: servers.blobs.store, mail: { mailer: smtpMailer(servers.inbox.url), settings }, log: () => {} },
      );
      expect(response.status).toBe(200);
      const clean = 'We need a lavender finish for 30,000 m.\nSubject shown as =?UTF-8?Q?Caf=C3=A9?=';
      const [record] = await servers.blobs.store.list();
      expect(record).toMatchObject({
        status: 'sent',
        message: { name: 'Ada Lovelace', company: 'Analytical Looms', message: clean },
      });
      const [mail] = servers.inbox.received;
      expect(mail!.subject).toContain('Ada Lovelace (Analytical Looms)');
      expect(mail!.text).toContain(clean);
      expect(mail!.text).not.toMatch(/[\u00AD\u200B\u2060\uFEFF]/);
    });
  });
});
