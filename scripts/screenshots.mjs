/**
 * npm run screenshots [-- <base-url>] [paths...]: full-page screenshots of every page at 390 and
 * 1280 px into screenshots/ (not committed), to look at the site as a visitor does.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { categoryPath, routes, technologyPath } from '../src/model/routes.ts';
import { browserArgs } from '../bench/lighthouse.mjs';
import { findChromium } from '../tools/chromium.ts';

const args = process.argv.slice(2);
const base = args[0]?.startsWith('http') ? args.shift() : 'http://localhost:4321';
const paths = args.length
  ? args
  : [
      ...[
        routes.home,
        routes.about,
        routes.careers,
        routes.contact,
        routes.technologies,
        technologyPath('microencapsulation'),
      ],
      ...[routes.products, categoryPath('pigments'), routes.portfolio, routes.privacyPolicy, '/no-such-page'],
    ];
mkdirSync('screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: findChromium().full,
  args: browserArgs,
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 900 }, reducedMotion: 'reduce' });
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    // Scroll through the page so lazy pictures load before the full-page capture.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    const name = `screenshots/${width}${path === '/' ? '-home' : path.replaceAll('/', '-')}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
  await page.close();
}
await browser.close();
