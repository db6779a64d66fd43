/**
 * The build's list of its pages, which the policy-report function reads to keep report slots per
 * page (decision 0075): every page of the build, and the contact pages rendered on demand.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { builtPages } from '../support/site';
import { builtPagesFile, readBuiltPages } from '../../src/security/reports/store';
import { routes } from '../../src/model/routes';

it('lists every built page and the contact pages rendered on demand, nothing else', () => {
  const listed = readBuiltPages(join(process.cwd(), builtPagesFile));
  expect(listed).toBeDefined();
  const expected = new Set([...builtPages(), routes.contactForm, routes.contactThanks]);
  expect([...listed!].filter((page) => !expected.has(page))).toEqual([]);
  expect(builtPages().filter((page) => !listed!.has(page))).toEqual([]);
});
