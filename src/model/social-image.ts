/**
 * Each section of the site has its own sharing picture (1200 x 630, JPEG, in public/og/ under
 * the section's name); a new picture replaces the file of the same name.
 */
export const socialSections = ['home', 'about', 'careers', 'contact', 'technologies', 'products', 'legal'] as const;
export type SocialSection = (typeof socialSections)[number];

export function socialSection(pathname: string, technologySlugs: readonly string[]): SocialSection {
  const first =
    pathname
      .replace(/\.html$/, '')
      .split('/')
      .filter(Boolean)[0] ?? '';
  if (first === 'about' || first === 'careers' || first === 'contact') return first;
  if (first === 'technologies' || technologySlugs.includes(first)) return 'technologies';
  if (first === 'products' || first === 'portfolio') return 'products';
  if (first === 'privacy-policy' || first === 'terms-of-service') return 'legal';
  return 'home';
}

export const socialImagePath = (section: SocialSection) => `/og/${section}.jpg`;
