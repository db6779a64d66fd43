import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { identitySchema } from '../../src/schemas/identity';
import { fieldDescription, formatIssues, parseOrExplain } from '../../src/schemas/content-errors';
import rawIdentity from '../../src/content/company/identity.json';

describe('a content mistake names the file and the field', () => {
  it('fails `astro sync` on a technology without its short description', () => {
    const result = spawnSync('astro', ['sync', '--root', 'tests/fixtures/broken-technology'], {
      encoding: 'utf8',
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(result.status).not.toBe(0);
    expect(output).toContain('tests/fixtures/broken-technology/src/content/technologies/plasma-finishing.md');
    expect(output).toMatch(/shortDescription.*Required/);
  });

  it('explains an identity file with a missing e-mail and a bad phone number', () => {
    const broken = structuredClone(rawIdentity) as Record<string, unknown> & {
      emails: Record<string, string>;
      phones: { tel: string }[];
    };
    delete broken.emails.careers;
    broken.phones[0]!.tel = '022 000';
    expect(() => parseOrExplain(identitySchema, broken, 'src/content/company/identity.json')).toThrow(
      /src\/content\/company\/identity\.json: emails\.careers: [\s\S]*src\/content\/company\/identity\.json: phones\.0\.tel: tel must be "\+" and 6-15 digits/,
    );
  });

  it('accepts the shipped identity file', () => {
    const parsed = parseOrExplain(identitySchema, rawIdentity, 'identity.json');
    expect(parsed.offices.map((o) => o.city)).toEqual(rawIdentity.offices.map((o) => o.city));
    expect([parsed.foundedYear, parsed.footerYear]).toEqual([rawIdentity.foundedYear, rawIdentity.footerYear]);
  });

  it('formats every issue as file: field: message', () => {
    const result = identitySchema.safeParse({});
    expect(result.success).toBe(false);
    const lines = formatIssues('x.json', result.error!);
    expect(lines).toContain('x.json: name: Invalid input: expected string, received undefined');
  });

  it("says a missing or empty required field is required, in the field's own description", () => {
    const broken = { ...structuredClone(rawIdentity), name: null, shortName: '  ' };
    const result = identitySchema.safeParse(broken);
    const lines = formatIssues('x.json', result.error!, identitySchema, broken);
    expect(lines).toContain(
      `x.json: name: required: ${fieldDescription(identitySchema, broken, ['name'])!.replace(/\.$/, '')}`,
    );
    expect(lines).toContain(
      `x.json: shortName: required: ${fieldDescription(identitySchema, broken, ['shortName'])!.replace(/\.$/, '')}`,
    );
    expect(lines.join('\n')).not.toMatch(/expected string|received null/);
  });
});
