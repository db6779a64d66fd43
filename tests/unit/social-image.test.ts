import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { socialImagePath, socialSection, socialSections } from '../../src/model/social-image';

const technologies = ['microencapsulation', 'bacteria-inhibition'];

describe('sharing pictures', () => {
  it.each([
    ['/', 'home'],
    ['/about', 'about'],
    ['/careers', 'careers'],
    ['/contact/thanks', 'contact'],
    ['/technologies', 'technologies'],
    ['/microencapsulation.html', 'technologies'],
    ['/products/pigments', 'products'],
    ['/portfolio', 'products'],
    ['/privacy-policy', 'legal'],
    ['/terms-of-service', 'legal'],
    ['/404', 'home'],
  ])('%s uses the %s picture', (path, section) => {
    expect(socialSection(path, technologies)).toBe(section);
  });

  it('has a picture file for every section', () => {
    for (const section of socialSections) expect(existsSync(`public${socialImagePath(section)}`), section).toBe(true);
  });
});
