/**
 * The content editor end to end, as `npm run cms` runs it: in a throwaway copy of the project,
 * decap-server and `astro dev` start on free ports (or CMS_E2E_SITE_PORT and CMS_E2E_DECAP_PORT);
 * /admin creates a new aroma variant through the form generated from the schemas, with its
 * picture; the Markdown file and the picture land next to the other aroma finishes with the
 * frontmatter the site expects; and the copy's site shows one more product card on the category
 * page than before (that one more file is one more card in a production build is
 * tests/unit/catalogue-build.test.ts, on the test run's one fixture build; that the build holds
 * the editor, out of the sitemap and of every page, is tests/dist/built-site.test.ts). The
 * category is whichever folder holds the aroma variants, so editors may rename, add or remove
 * categories. Nothing here reads the project's build.
 *
 * The tests run in order on one copy and one dev server; each leaves the copy's catalogue as it
 * found it, so the last one can count the cards its edit adds.
 *
 * The copy holds the project's tracked (and new, not ignored) files, and a node_modules folder of
 * links to this one's packages, so the copy's build caches stay its own.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { parse as parseYaml } from 'yaml';
import { markdownBody, parseFrontmatter } from '../../src/text/frontmatter.mjs';
import { all, parseHtml, text as textOf } from '../support/html';
import { categoryGroups, copyProject, escapeRegExp, freePort, watchViolations } from './support';
import type { CmsCollection } from '../../src/cms/config';
import { documentContentProblem, pictureWidthProblem } from '../../src/schemas/content-limits';
import { catalogueItem } from '../../src/model/catalogue-item';
import { heicFiles, photoLimits, webName } from '../../src/cms/photo';
import { refusedWords, staleWords } from '../../src/cms/save-guard';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** The category folder (and editor collection) of the aroma variants. */
const aroma: string = (() => {
  const found = categoryGroups().find((category) => category.kinds.includes('aroma'));
  if (!found)
    throw new Error('src/content/products: no category folder holds an item of kind "aroma", which this test creates');
  return found.slug;
})();

let copy = '';
interface Server {
  child: ChildProcess;
  output: string[];
}
/** The copy's dev server, started once for the whole file: its first compile of each page is the slow part. */
let dev: (Server & { site: string; decapPort: number }) | undefined;
/** decap-server, restarted only when a test asks for another mode (its files or Git). */
let decap: (Server & { mode: string }) | undefined;

/** The port named by `variable`, else a free one. */
function port(variable: string): Promise<number> {
  const chosen = process.env[variable];
  return chosen ? Promise.resolve(Number(chosen)) : freePort();
}

const bin = (name: string) => join(copy, 'node_modules/.bin', name);
const env = (extra: Record<string, string>) => ({
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  FORCE_COLOR: '0',
  ...extra,
});

function start(args: string[], extra: Record<string, string>): Server {
  const child = spawn(process.execPath, args, { cwd: copy, env: env(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  return { child, output };
}

function stop(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

async function stopServers() {
  await Promise.all([stop(decap), stop(dev)]);
  decap = dev = undefined;
}

/** Product cards on the aroma variants' category page as the copy's dev server renders it now. */
async function renderedCards(site: string) {
  const html = await (await fetch(`${site}/products/${aroma}`)).text();
  return all('#products article h3', parseHtml(html)).map(textOf);
}

/**
 * `npm run cms` on the copy: decap-server (with `decapEnv`, e.g. its git mode) and `astro dev`,
 * on the ports CMS_E2E_SITE_PORT and CMS_E2E_DECAP_PORT or free ones. The dev server is started
 * once and kept; decap-server is started again when the mode asked for differs from the running
 * one's. Resolves to the site's address once /admin/api/v1 answers through the dev server.
 */
async function startEditor(decapEnv: Record<string, string> = {}): Promise<string> {
  if (!dev) {
    const [sitePort, decapPort] = [await port('CMS_E2E_SITE_PORT'), await port('CMS_E2E_DECAP_PORT')];
    const server = start([bin('astro'), 'dev', '--port', String(sitePort)], { DECAP_SERVER_PORT: String(decapPort) });
    dev = { ...server, site: `http://localhost:${sitePort}`, decapPort };
  }
  const mode = JSON.stringify(decapEnv);
  if (decap?.mode !== mode) {
    await stop(decap);
    const server = start([bin('decap-server')], {
      PORT: String(dev.decapPort),
      BIND_HOST: 'localhost',
      GIT_REPO_DIRECTORY: copy,
      ...decapEnv,
    });
    decap = { ...server, mode };
  }
  const { site } = dev;
  const servers = { 'astro dev': dev, 'decap-server': decap };
  await expect
    .poll(
      async () => {
        const info = await fetch(`${site}/admin/api/v1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'info' }),
        }).catch(() => undefined);
        return info?.status;
      },
      { timeout: 90_000 },
    )
    .toBe(200)
    .catch((error: Error) => {
      const outputs = Object.entries(servers).map(([name, s]) => `${name}:\n${s.output.join('')}`);
      throw new Error(`${error.message}\n${outputs.join('\n')}`);
    });
  return site;
}

/** Content Security Policy reports and uncaught exceptions of the page, collected as they happen. */
function watchErrors(page: Page) {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { policyViolations: watchViolations(page), pageErrors };
}

interface AromaVariant {
  order: number;
  /** The last part of its address. */
  slug: string;
  name: string;
  variantName: string;
  scentFamily: string;
  audience: string;
  description: string;
  imageAlt: string;
  /** A picture file to upload; saved as the web-sized WebP of it, named by `webName`. */
  upload: string;
}

/** An original picture, 1200 x 800 like the others. */
async function drawPicture(path: string, colour: string) {
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f4d9a6' } })
    .composite([
      {
        input: Buffer.from(`<svg width="1200" height="800"><circle cx="600" cy="400" r="260" fill="${colour}"/></svg>`),
      },
    ])
    .webp()
    .toFile(path);
}

/** Opens a new aroma variant in /admin, logs in to the local backend and fills in the form. */
async function fillNewAromaVariant(page: Page, site: string, item: AromaVariant) {
  const response = await page.goto(`${site}/admin#/collections/${aroma}/new`);
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // The local backend needs no account: one click on "Login".
  await page.getByRole('button', { name: 'Login' }).click();

  await page.getByLabel('Order').fill(String(item.order));
  await page.getByLabel('Slug (web address)').fill(item.slug);
  await page.getByLabel('Name', { exact: true }).fill(item.name);
  await page.getByLabel('Variant name').fill(item.variantName);
  for (const [label, option] of [
    ['Scent family', item.scentFamily],
    ['Audience', item.audience],
  ] as const) {
    await page.getByLabel(label).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.getByLabel('Description', { exact: true }).fill(item.description);
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.locator('input[type="file"]').setInputFiles(item.upload);
  // A photo takes a moment to be made web-sized before it is listed.
  await expect(page.getByText(webName(basename(item.upload)))).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await expect(page.getByRole('button', { name: 'Choose different image' })).toBeVisible();
  await page.getByLabel('Picture description (alt text)').fill(item.imageAlt);
}

/** The frontmatter and body of a saved Markdown file. */
function savedFile(path: string) {
  const text = readFileSync(path, 'utf8');
  return { data: parseFrontmatter(text), body: markdownBody(text).trim() };
}

/** The address of an entry in the editor. */
const entryUrl = (slug: string) => new RegExp(`#/collections/${escapeRegExp(aroma)}/entries/${slug}$`);

/** The frontmatter the content guide asks for: the kind, then the schema's fields; no category. */
const expectedFrontmatter = ({ upload, ...item }: AromaVariant) => ({
  kind: 'aroma',
  ...item,
  image: `./images/${webName(basename(upload))}`,
});

/**
 * A photo as a phone takes it: 4032 x 3024 px, over 4 MB (fine noise over a few shapes, which a
 * JPEG cannot make small), with the place it was taken in its EXIF (GPS latitude and longitude).
 */
async function phonePhoto(path: string) {
  const [width, height] = [4032, 3024];
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 36 } },
  })
    .raw()
    .toBuffer();
  await sharp({ create: { width, height, channels: 3, background: '#7a9c5b' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="2000" cy="1500" r="1200" fill="#f7a440"/></svg>`,
        ),
      },
      { input: noise, raw: { width, height, channels: 3 }, blend: 'overlay' },
    ])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 44/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '100/1 31/1 0/1' },
    })
    .toFile(path);
}

/** Whether an EXIF block holds a GPS part: IFD0's GPS pointer, tag 0x8825, in either byte order. */
const hasGps = (exif: Buffer | undefined) =>
  !!exif &&
  (exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) || exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00])));

test.beforeAll(() => {
  copy = copyProject('cms-e2e-');
});

test.afterAll(async () => {
  await stopServers();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** A category folder with one kind of item and PDFs in its documents folder: its slug and the PDFs. */
function categoryWithDocuments(): { slug: string; pdfs: string[] } {
  for (const { slug, kinds } of categoryGroups()) {
    const folder = join(copy, 'src/content/products', slug, 'documents');
    if (new Set(kinds).size !== 1 || !existsSync(folder)) continue;
    const pdfs = readdirSync(folder).filter((name) => name.endsWith('.pdf'));
    if (pdfs.length) return { slug, pdfs: pdfs.sort() };
  }
  throw new Error('src/content/products: no category of one kind of item has a PDF in its documents folder');
}

/** The first Markdown file of a folder of the copy (sorted by name), and its frontmatter. */
function firstEntry(folder: string): { slug: string; data: Record<string, unknown> } {
  const name = readdirSync(join(copy, folder))
    .filter((n) => n.endsWith('.md'))
    .sort()[0]!;
  return {
    slug: name.replace(/\.md$/, ''),
    data: parseFrontmatter(readFileSync(join(copy, folder, name), 'utf8')) as Record<string, unknown>,
  };
}

test('a content mistake saved to a file shows in the dev site, file and field named, until it is corrected', async ({
  page,
}) => {
  const site = await startEditor();
  const item = firstEntry(`src/content/products/${aroma}`);
  // A mistake saved to a file shows in the browser, file and field named, instead of the page;
  // corrected, the page comes back by itself.
  const file = `src/content/products/${aroma}/${item.slug}.md`;
  const text = readFileSync(join(copy, file), 'utf8');
  await page.goto(`${site}/products/${aroma}`);
  await expect(page.locator('#products article h3').first()).toBeVisible();
  // The whole content check runs again (every picture's size read): on a busy machine, in the
  // full suite, that has taken longer than 20 s.
  writeFileSync(join(copy, file), text.replace(/^name: .*$/m, 'name:'));
  await expect(page.getByRole('heading', { name: 'Content error' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('#content-problems')).toContainText(`${file}: name: required:`);
  writeFileSync(join(copy, file), text);
  await expect(page.locator('#products article h3').first()).toBeVisible({ timeout: 60_000 });
});

test('the form offers only files of their kind, refuses oversize uploads, shows saved pictures and counts characters', async ({
  page,
}) => {
  const site = await startEditor();
  const { policyViolations, pageErrors } = watchErrors(page);
  const editorConfig = parseYaml(await (await fetch(`${site}/admin/config.yml`)).text()) as {
    collections: CmsCollection[];
  };
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    dialog.accept().catch(() => undefined);
  });

  // A saved picture shows as a thumbnail, loaded, with its file name.
  const item = firstEntry(`src/content/products/${aroma}`);
  await page.goto(`${site}/admin#/collections/${aroma}/entries/${item.slug}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const thumbnail = page.locator('img[role="presentation"]').first();
  const saved = basename(String(item.data.image));
  const { width } = await sharp(join(copy, 'src/content/products', aroma, String(item.data.image))).metadata();
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
    .toBe(width);
  await expect(page.getByText(saved, { exact: true })).toBeVisible();

  // A new item's PDF picker lists the category's PDFs and nothing else.
  const { slug, pdfs } = categoryWithDocuments();
  await page.goto(`${site}/admin#/collections/${slug}/new`);
  await page.reload();
  await page.getByRole('button', { name: /^Add documents/ }).click();
  await page.getByRole('button', { name: 'Choose a file' }).click();
  const library = page.getByRole('dialog');
  await expect(library.getByText(pdfs[0]!, { exact: true })).toBeVisible();
  const listed = (await library.locator('p').allTextContents()).filter((text) => /\.[a-z0-9]+$/i.test(text.trim()));
  expect(listed.sort()).toEqual(pdfs);
  // A valid PDF uploaded to the new entry is read where it is: the preview finds no fault in it.
  const freshPdf = join(copy, 'fresh-data-sheet.pdf');
  writeFileSync(freshPdf, readFileSync(join(copy, 'src/content/products', slug, 'documents', pdfs[0]!)));
  await library.locator('input[type="file"]').setInputFiles(freshPdf);
  await expect(library.getByText('fresh-data-sheet.pdf', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Choose selected' }).click();
  // The field names the chosen file (the window may still be closing, with the same name in it).
  await expect(page.locator('.cms-file-name', { hasText: /^fresh-data-sheet\.pdf$/ })).toBeVisible();
  const newPreview = page.frameLocator('iframe').first();
  // The new entry's empty fields are refused; the document is not.
  await expect(newPreview.locator('[data-preview="errors"]')).toContainText('documents.0.', { timeout: 30_000 });
  await page.waitForTimeout(2_000);
  await expect(newPreview.locator('[data-preview="errors"]')).not.toContainText('is not a PDF inside');
  await expect(newPreview.locator('[data-preview="errors"]')).not.toContainText('src/content/');
  await expect(page.getByText(/is not a PDF inside/)).toHaveCount(0);
  rmSync(join(copy, 'src/content/products', slug, 'documents', 'fresh-data-sheet.pdf'), { force: true });

  // The new entry's picture window lists the category's pictures.
  const pictures = readdirSync(join(copy, 'src/content/products', slug, 'images')).sort();
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await expect(page.getByRole('dialog').getByText(pictures[0]!, { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('Escape');

  // A photo over the largest the editor takes in is refused there, with the limit and what to do
  // named (a smaller one is made web-sized: the last test).
  const oversize = join(copy, 'oversize.png');
  await drawPicture(oversize, '#0d9488');
  writeFileSync(oversize, Buffer.concat([readFileSync(oversize), Buffer.alloc(photoLimits.maxBytes)]));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Choose an image' }).click();
  await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(oversize);
  await expect.poll(() => alerts.join('\n')).toContain(`a photo may be at most ${photoLimits.maxBytes / 1_000_000} MB`);
  expect(alerts.join('\n')).toContain('choose it again');
  await expect(page.getByRole('dialog').getByText(/^oversize/)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Titles and descriptions count their characters against their limit as the editor types.
  const technology = firstEntry('src/content/technologies');
  const titleField = editorConfig.collections
    .find((c) => c.name === 'technologies')!
    .fields!.find((f) => f.name === 'title')!;
  const max = titleField.characters!.max!;
  await page.goto(`${site}/admin#/collections/technologies/entries/${technology.data.slug}`);
  await page.reload();
  const title = page.getByLabel('Title', { exact: true }).first();
  await expect(title).toHaveValue(String(technology.data.title), { timeout: 20_000 });
  const count = title.locator('xpath=following::p[contains(@class, "cms-characters")][1]');
  await expect(count).toHaveText(`${String(technology.data.title).length} / ${max} characters`);
  await title.fill('x'.repeat(max + 3));
  await expect(count).toHaveText(`${max + 3} / ${max} characters: 3 too many`);

  expect(policyViolations).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('saving one changed sentence through /admin changes one line of the file', async ({ page }) => {
  const file = join(copy, 'src/content/pages/about.md');
  const before = readFileSync(file, 'utf8');
  const original = join(copy, 'about-before.md');
  writeFileSync(original, before);
  const site = await startEditor();
  const { policyViolations, pageErrors } = watchErrors(page);
  await page.goto(`${site}/admin#/collections/pages/entries/about`);
  await page.getByRole('button', { name: 'Login' }).click();

  // The longest text of the form: Decap folded such texts at 80 characters when it saved.
  const fields = page.locator('textarea');
  await expect(fields.first()).toBeVisible({ timeout: 30_000 });
  const values = await fields.evaluateAll((all) => all.map((f) => (f as HTMLTextAreaElement).value));
  const longest = values.reduce((best, value, i) => (value.length > values[best]!.length ? i : best), 0);
  expect(values[longest]!.length).toBeGreaterThan(80);
  await fields
    .nth(longest)
    .fill(`${values[longest]} Every lot is tested against its data sheet before it leaves the plant.`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => readFileSync(file, 'utf8') !== before).toBe(true);

  const diff = spawnSync('git', ['diff', '--no-index', '--numstat', original, file], { encoding: 'utf8' });
  expect(diff.stdout.trim().split('\t').slice(0, 2), diff.stdout).toEqual(['1', '1']);
  expect(readFileSync(file, 'utf8')).toContain(
    'Every lot is tested against its data sheet before it leaves the plant.',
  );

  // A Markdown body: one sentence added to a paragraph changes that line only; its "-" bullets,
  // blank lines and line breaks stay as written. The paragraph is the shortest one followed by a
  // list.
  const legal = join(copy, 'src/content/legal/privacy-policy.md');
  const legalBefore = readFileSync(legal, 'utf8');
  const legalOriginal = join(copy, 'privacy-before.md');
  writeFileSync(legalOriginal, legalBefore);
  const lines = markdownBody(legalBefore).split('\n');
  const paragraph = lines
    .filter((line, i) => /^[A-Z]/.test(line) && lines[i + 1] === '' && /^- /.test(lines[i + 2] ?? ''))
    .sort((a, b) => a.length - b.length)[0]!;
  expect(paragraph, 'the privacy policy has a paragraph followed by a "-" list').toBeTruthy();
  await page.goto(`${site}/admin#/collections/legal/entries/privacy-policy`);
  await page.reload();
  const line = page.locator('[data-slate-editor]').getByText(paragraph, { exact: true });
  await line.click({ timeout: 30_000 });
  // The caret at the end of the paragraph before typing: the editor moves the caret to where the
  // click was once it has taken the focus, which can come after a first End key.
  await expect(async () => {
    await page.keyboard.press('End');
    const atEnd = await line.evaluate((element) => {
      const selection = getSelection()!;
      const node = selection.focusNode;
      return (
        !!node &&
        element.contains(node) &&
        selection.isCollapsed &&
        selection.focusOffset === (node.textContent ?? '').length
      );
    });
    expect(atEnd, 'the caret at the end of the paragraph').toBe(true);
  }).toPass({ timeout: 10_000 });
  await page.keyboard.type(' Every request is answered within a month.');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => readFileSync(legal, 'utf8') !== legalBefore).toBe(true);
  const legalDiff = spawnSync('git', ['diff', '--no-index', '--numstat', legalOriginal, legal], { encoding: 'utf8' });
  expect(legalDiff.stdout.trim().split('\t').slice(0, 2), legalDiff.stdout).toEqual(['1', '1']);
  expect(readFileSync(legal, 'utf8')).toContain(`${paragraph} Every request is answered within a month.\n`);
  writeFileSync(legal, legalBefore);
  expect(policyViolations).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("the form refuses a picture too narrow and a PDF that is text, in the build's words, before saving; uploads take the entry's name; search finds codes", async ({
  page,
}) => {
  const site = await startEditor();
  const { policyViolations, pageErrors } = watchErrors(page);
  // Decap asks before leaving an entry with changes.
  page.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
  const item = firstEntry(`src/content/products/${aroma}`);
  const file = join(copy, 'src/content/products', aroma, `${item.slug}.md`);
  const before = readFileSync(file, 'utf8');
  const narrow = join(copy, 'narrow.webp');
  await sharp({ create: { width: 800, height: 533, channels: 3, background: '#a7c4d9' } })
    .webp()
    .toFile(narrow);
  const notPdf = join(copy, 'notes.pdf');
  writeFileSync(notPdf, 'Notes typed in a text editor, saved with a .pdf name.\n');

  await page.goto(`${site}/admin#/collections/${aroma}/entries/${item.slug}`);
  await page.getByRole('button', { name: 'Login' }).click();
  // The picture: uploaded under the entry's own name, refused with the build's words, under the
  // field and in the preview.
  await page.getByRole('button', { name: 'Choose different image' }).click();
  await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(narrow);
  const uploaded = `${item.slug}-narrow.webp`;
  await expect(page.getByRole('dialog').getByText(uploaded, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Choose selected' }).click();
  const widthProblem = pictureWidthProblem(`./images/${uploaded}`, 800)!;
  await expect(page.getByText(widthProblem, { exact: true })).toBeVisible({ timeout: 15_000 });
  const preview = page.frameLocator('iframe').first();
  await expect(preview.locator('[data-preview="errors"]')).toContainText(`image: ${widthProblem}`, {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(page.getByText(widthProblem, { exact: true })).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(page.getByText('Changes saved')).toHaveCount(0);
  expect(readFileSync(file, 'utf8')).toBe(before);

  // A text file named .pdf: refused as the build refuses it.
  await page.getByRole('button', { name: /^Add documents/ }).click();
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(notPdf);
  const uploadedPdf = `${item.slug}-notes.pdf`;
  await expect(page.getByRole('dialog').getByText(uploadedPdf, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Choose selected' }).click();
  const pdfProblem = documentContentProblem(`./documents/${uploadedPdf}`, 'Notes')!;
  await expect(page.getByText(pdfProblem, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(preview.locator('[data-preview="errors"]')).toContainText(`documents.0.file: ${pdfProblem}`, {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await page.waitForTimeout(2_000);
  expect(readFileSync(file, 'utf8')).toBe(before);

  // Search finds an item by its product code, which its name does not hold.
  const model = catalogueItem({ id: `${aroma}/${item.slug}`, data: item.data as never });
  const code = model.codes[0]!;
  expect(model.name).not.toContain(code);
  await page.goto(`${site}/admin#/search/${encodeURIComponent(code)}`);
  await expect(page.getByRole('heading', { name: new RegExp(escapeRegExp(model.name)) }).first()).toBeVisible({
    timeout: 30_000,
  });

  // The local server writes an upload at once: the copy's folders go back to the project's.
  for (const upload of [
    join(copy, 'src/content/products', aroma, 'images', uploaded),
    join(copy, 'src/content/products', aroma, 'documents', uploadedPdf),
  ])
    rmSync(upload, { force: true });
  expect(policyViolations).toEqual([]);
  // Decap ends a save it refuses by rejecting with no reason, which the page reports as an
  // uncaught "undefined": one for each refused Publish above, nothing else.
  expect(pageErrors).toEqual(['undefined', 'undefined']);
});

test("Publish runs the whole content check: refused in the check's words for {count} in a description, and for a delete that leaves a link dangling", async ({
  page,
}) => {
  const site = await startEditor();
  const { policyViolations } = watchErrors(page);
  // /admin/ is the editor, as /admin is.
  const [slash, bare] = await Promise.all([fetch(`${site}/admin/`), fetch(`${site}/admin`)]);
  expect(slash.status).toBe(200);
  expect(await slash.text()).toBe(await bare.text());
  // Decap asks before leaving an entry with changes, and before a delete.
  page.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
  const item = firstEntry(`src/content/products/${aroma}`);
  const file = join(copy, 'src/content/products', aroma, `${item.slug}.md`);
  const before = readFileSync(file, 'utf8');

  // {count} where no count is known: the form takes it, the check does not.
  await page.goto(`${site}/admin#/collections/${aroma}/entries/${item.slug}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const description = page.getByLabel('Description', { exact: true });
  await expect(description).toHaveValue(String(item.data.description), { timeout: 30_000 });
  await description.fill(String(item.data.description).replace(/^\S+/, '{count}'));
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  const refused = page.getByText(refusedWords);
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText('description: "{count}" is not filled in here');
  await expect(refused).not.toContainText('src/content/');
  await expect(page.getByText('Changes saved')).toHaveCount(0);
  expect(readFileSync(file, 'utf8')).toBe(before);

  // A technology's text links to the item; deleting the item is refused, naming the technology's file.
  const model = catalogueItem({ id: `${aroma}/${item.slug}`, data: item.data as never });
  const technology = firstEntry('src/content/technologies');
  const technologyFile = `src/content/technologies/${technology.slug}.md`;
  const technologyText = readFileSync(join(copy, technologyFile), 'utf8');
  writeFileSync(join(copy, technologyFile), `${technologyText.trimEnd()}\n\nSee [${model.name}](${model.href}).\n`);
  try {
    await page.reload();
    await expect(description).toHaveValue(String(item.data.description), { timeout: 30_000 });
    await page.getByRole('button', { name: /^Delete (published )?entry$/ }).click();
    const deleteRefused = page.getByText(refusedWords);
    await expect(deleteRefused).toBeVisible({ timeout: 30_000 });
    await expect(deleteRefused).toContainText(`${technologyFile}: body: links to "${model.href}"`);
    await page.waitForTimeout(1_000);
    expect(readFileSync(file, 'utf8')).toBe(before);
  } finally {
    writeFileSync(join(copy, technologyFile), technologyText);
  }
  expect(policyViolations).toEqual([]);
});

test("the second of two tabs publishing one entry is refused, saying to reload, and the first one's change stays", async ({
  context,
}) => {
  const site = await startEditor();
  const item = firstEntry(`src/content/products/${aroma}`);
  const file = join(copy, 'src/content/products', aroma, `${item.slug}.md`);
  const before = readFileSync(file, 'utf8');
  const name = String(item.data.name);
  const text = String(item.data.description);
  const described = text.replace(/^(\S+)/, (word) =>
    word === word.toUpperCase() ? word.toLowerCase() : word.toUpperCase(),
  );
  expect(described).not.toBe(text);
  const [a, b] = [await context.newPage(), await context.newPage()];
  try {
    for (const tab of [a, b]) {
      tab.on('dialog', (dialog) => dialog.accept().catch(() => undefined));
      await tab.goto(`${site}/admin#/collections/${aroma}/entries/${item.slug}`);
      // One login for the browser: the second tab opens logged in.
      if (tab === a) await tab.getByRole('button', { name: 'Login' }).click();
      await expect(tab.getByLabel('Name', { exact: true })).toHaveValue(name, { timeout: 30_000 });
    }
    // A publishes the description.
    await a.getByLabel('Description', { exact: true }).fill(described);
    await a.getByRole('button', { name: 'Publish' }).click();
    await a.getByRole('menuitem', { name: 'Publish now' }).click();
    await expect(a.getByText('Changes saved')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => readFileSync(file, 'utf8')).toContain(described);
    const published = readFileSync(file, 'utf8');
    // B, opened before, publishes the name: refused, with what to do.
    await b.getByLabel('Name', { exact: true }).fill(`${name} Two`);
    await b.getByRole('button', { name: 'Publish' }).click();
    await b.getByRole('menuitem', { name: 'Publish now' }).click();
    await expect(b.getByText(staleWords)).toBeVisible({ timeout: 30_000 });
    expect(staleWords).toContain('reload the page');
    await b.waitForTimeout(1_000);
    expect(readFileSync(file, 'utf8')).toBe(published);
  } finally {
    writeFileSync(file, before);
  }
});

test('an entry whose file cannot be read says so in the list, the form and the preview, and the form is never saved over it', async ({
  page,
}) => {
  const site = await startEditor();
  const { policyViolations, pageErrors } = watchErrors(page);
  const item = firstEntry(`src/content/products/${aroma}`);
  const file = join(copy, 'src/content/products', aroma, `${item.slug}.md`);
  const before = readFileSync(file, 'utf8');
  // A colon in an unquoted value: the YAML cannot be read.
  const broken = before.replace(/^name: (.*)$/m, 'name: $1: the new one');
  expect(broken).not.toBe(before);
  const line = broken.split('\n').findIndex((l) => l.startsWith('name: ')) + 1;
  writeFileSync(file, broken);
  try {
    await page.goto(`${site}/admin#/collections/${aroma}`);
    await page.getByRole('button', { name: 'Login' }).click();
    const card = page.getByRole('link', { name: /This file cannot be read/ });
    await expect(card).toHaveCount(1, { timeout: 30_000 });
    await expect(card).toContainText(`line ${line}`);
    await card.click();
    await expect(page).toHaveURL(entryUrl(item.slug));
    const preview = page.frameLocator('iframe').first();
    const alert = preview.getByRole('alert');
    await expect(alert).toContainText(`This file cannot be read, so the form cannot show it: line ${line}`, {
      timeout: 30_000,
    });
    await expect(alert).toContainText('must be put in quotes');
    await expect(alert).not.toContainText('kind');
    // The form says it too, above its first text field.
    await expect(page.locator('.cms-unreadable')).toHaveText(
      new RegExp(`^This file cannot be read, so the form cannot show it: line ${line}`),
    );
    // Typing into the empty form and publishing never writes the form over the file.
    await page.getByLabel('Name', { exact: true }).fill(String(item.data.name));
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('menuitem', { name: 'Publish now' }).click();
    await page.waitForTimeout(2_000);
    await expect(page.getByText('Changes saved')).toHaveCount(0);
    await expect(alert).toContainText('This file cannot be read');
    expect(readFileSync(file, 'utf8')).toBe(broken);
  } finally {
    writeFileSync(file, before);
  }
  expect(policyViolations).toEqual([]);
  // Decap's refusal of the save, as above.
  expect(pageErrors).toEqual(['undefined']);
});

test("the preview shows a product as the site's card and page, and a technology as its page, with the site's stylesheet, as the editor types", async ({
  page,
  context,
}, testInfo) => {
  const site = await startEditor();
  const { policyViolations, pageErrors } = watchErrors(page);
  const item = firstEntry(`src/content/products/${aroma}`);
  const model = catalogueItem({ id: `${aroma}/${item.slug}`, data: item.data as never });
  expect(model.codes.length).toBeGreaterThan(0);

  // The card and the item page as the site draws them, and the styles that make them look so.
  const styles = (element: Element, selector: string) => {
    const s = getComputedStyle(element);
    return {
      selector,
      fontFamily: s.fontFamily,
      fontSize: s.fontSize,
      fontWeight: s.fontWeight,
      color: s.color,
      borderRadius: s.borderRadius,
      boxShadow: s.boxShadow,
      objectFit: s.objectFit,
      background: s.backgroundColor,
    };
  };
  /**
   * The styles of `selectors` on a page of the dev server, once it has settled: Vite reloads a page
   * when it has just optimised a dependency the page asked for, which destroys the page's context
   * under a read, so the page is left to finish loading and read again until a read completes.
   */
  const settledStyles = async (target: Page, selectors: string[]) => {
    let read: ReturnType<typeof styles>[] = [];
    await expect(async () => {
      await target.waitForLoadState('networkidle');
      read = await Promise.all(
        selectors.map((selector) => target.locator(selector).first().evaluate(styles, selector)),
      );
    }).toPass({ timeout: 30_000 });
    return read;
  };
  const parts = ['', ' h3', ' h3 + p', ' img'];
  const pageParts = ['h1', 'nav[aria-label] ol', 'nav[aria-label] [aria-current="page"]'];
  const sitePage = await context.newPage();
  await sitePage.goto(`${site}/products/${aroma}`, { waitUntil: 'networkidle' });
  const card = sitePage.locator(`article#${item.slug}`);
  // The dev server compiles the page on its first request: on a busy machine that takes a while.
  await expect(card.locator('h3')).toHaveText(model.name, { timeout: 30_000 });
  const onSite = (
    await settledStyles(
      sitePage,
      parts.map((part) => `article#${item.slug}${part}`),
    )
  ).map((read, i) => ({ ...read, selector: parts[i]! }));
  await sitePage.close();

  await page.goto(`${site}/admin#/collections/${aroma}/entries/${item.slug}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const preview = page.frameLocator('iframe').first();
  const previewCard = preview.locator(`article#${item.slug}`);
  await expect(previewCard.locator('h3')).toHaveText(model.name, { timeout: 30_000 });
  await expect(previewCard.locator('h3 + p')).toContainText(model.codes[0]!);
  const picture = previewCard.locator('img');
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
  // The picture is the editor's own copy of the file: nothing is fetched from the image CDN or elsewhere.
  expect(await picture.getAttribute('src')).toMatch(/^(blob:|\/)/);
  expect(await preview.locator('picture source, script').count()).toBe(0);
  // The site's stylesheet loads into the preview's frame after the card is drawn.
  await expect
    .poll(() => previewCard.locator('h3').evaluate((h3) => getComputedStyle(h3).fontWeight), { timeout: 30_000 })
    .toBe(onSite[1]!.fontWeight);
  // The pane is drawn again when the entry's state settles (Decap's copy of the picture ready):
  // the new HTML replaces the card, and a read of the old, detached one finds no styles. So the
  // card is read again until a read is of the card in the pane.
  let inPreview: ReturnType<typeof styles>[] = [];
  await expect(async () => {
    inPreview = await Promise.all(
      parts.map((part) => preview.locator(`article#${item.slug}${part}`).first().evaluate(styles, part)),
    );
    expect(inPreview).toEqual(onSite);
  }).toPass({ timeout: 20_000 });
  // The site's type and shapes, not the browser's defaults: a sans-serif heading, a rounded card with a shadow, a cropped picture.
  expect(inPreview[1]!.fontFamily).not.toMatch(/^(serif|"?Times)/);
  expect(inPreview[0]!.borderRadius).not.toBe('0px');
  expect(inPreview[0]!.boxShadow).not.toBe('none');
  expect(inPreview[3]!.objectFit).toBe('cover');
  // The picture has the shape the site's card gives it at the pane's width (a band on a narrow
  // pane, as on a phone): the site's page seen as wide as the preview's frame.
  const frameWidth = Math.round((await page.locator('iframe').first().boundingBox())!.width);
  const narrowSite = await context.newPage();
  await narrowSite.setViewportSize({ width: frameWidth, height: 900 });
  await narrowSite.goto(`${site}/products/${aroma}`, { waitUntil: 'networkidle' });
  const siteBox = (await narrowSite.locator(`article#${item.slug} img`).boundingBox({ timeout: 30_000 }))!;
  await narrowSite.close();
  const ratio = siteBox.width / siteBox.height;
  const box = (await picture.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(ratio, 1);
  // The screenshot shows the picture: its top part (the picture's height) is no empty box; a
  // shot taken across a redraw of the pane (above) is taken again of the new card.
  await expect(async () => {
    const shot = await previewCard.screenshot({ path: testInfo.outputPath('preview-card.png'), timeout: 5_000 });
    const { width: shotWidth } = await sharp(shot).metadata();
    const top = await sharp(shot)
      .extract({ left: 0, top: 0, width: shotWidth!, height: Math.floor(shotWidth! / ratio) - 2 })
      .stats();
    expect(Math.max(...top.channels.map((c) => c.stdev))).toBeGreaterThan(5);
  }).toPass({ timeout: 20_000 });
  await testInfo.attach('preview card', { path: testInfo.outputPath('preview-card.png'), contentType: 'image/png' });

  // Below the card, the item page as the site renders it: its heading and breadcrumb, styled
  // alike (the site's page seen as wide as the preview's frame, so the same breakpoints apply).
  const itemPage = await context.newPage();
  await itemPage.setViewportSize({ width: frameWidth, height: 900 });
  await itemPage.goto(`${site}${model.href}`, { waitUntil: 'networkidle' });
  await expect(itemPage.locator('main h1')).toHaveText(model.name, { timeout: 30_000 });
  const itemPageOnSite = (
    await settledStyles(
      itemPage,
      pageParts.map((part) => `main ${part}`),
    )
  ).map((read, i) => ({ ...read, selector: pageParts[i]! }));
  const breadcrumb = (await itemPage.locator('main nav[aria-label] ol li a').allTextContents()).map((text) =>
    text.trim(),
  );
  expect(breadcrumb.length).toBeGreaterThan(1);
  await itemPage.close();
  const previewPage = preview.locator('[data-preview="page"]');
  await expect(previewPage.locator('h1')).toHaveText(model.name);
  expect((await previewPage.locator('nav[aria-label] ol li a').allTextContents()).map((text) => text.trim())).toEqual(
    breadcrumb,
  );
  await expect(async () => {
    const itemPageInPreview = await Promise.all(
      pageParts.map((part) => previewPage.locator(part).first().evaluate(styles, part)),
    );
    expect(itemPageInPreview).toEqual(itemPageOnSite);
  }).toPass({ timeout: 20_000 });
  // Taken again if a redraw of the preview replaces the section under the shot (above).
  await expect(async () => {
    await previewPage
      .locator('section')
      .first()
      .screenshot({ path: testInfo.outputPath('preview-page.png'), timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
  await testInfo.attach('preview item page', {
    path: testInfo.outputPath('preview-page.png'),
    contentType: 'image/png',
  });

  // It follows the form as the editor types: card and page.
  await page.getByLabel('Name', { exact: true }).fill(`${model.name} Deluxe`);
  await expect(previewCard.locator('h3')).toHaveText(`${model.name} Deluxe`);
  await expect(previewPage.locator('h1')).toHaveText(`${model.name} Deluxe`);
  // What the site would refuse shows as the content check says it, file and field named.
  await page.getByLabel('Name', { exact: true }).fill('');
  // The entry's own fields are named; its file's path, which the editor never typed, is not.
  await expect(preview.locator('[data-preview="errors"]')).toContainText('name: required:');
  await expect(preview.locator('[data-preview="errors"]')).not.toContainText('src/content/');
  await page.getByLabel('Name', { exact: true }).fill(model.name);
  await expect(previewCard.locator('h3')).toHaveText(model.name);

  // A technology previews as its page: the same heading as the site's page.
  const technology = firstEntry('src/content/technologies');
  const technologyPage = await context.newPage();
  await technologyPage.goto(`${site}/${technology.data.slug}`);
  const heading = (await technologyPage.locator('main h1').textContent())!.trim();
  await technologyPage.close();
  await page.goto(`${site}/admin#/collections/technologies/entries/${technology.data.slug}`);
  await page.reload();
  await expect(preview.locator('[data-preview="page"] h1')).toHaveText(heading, { timeout: 30_000 });

  expect(policyViolations).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('with the editorial workflow an edit is a draft on its own branch until it is reviewed and published', async ({
  page,
}) => {
  // decap-server's git mode stands in for Git Gateway here: a draft is a commit on its own branch
  // (on GitHub, a pull request, which Netlify builds as a deploy preview), and publishing merges
  // it into main.
  const identity = {
    GIT_AUTHOR_NAME: 'Editor',
    GIT_AUTHOR_EMAIL: 'editor@example.com',
    GIT_COMMITTER_NAME: 'Editor',
    GIT_COMMITTER_EMAIL: 'editor@example.com',
  };
  const git = (...args: string[]) => {
    const result = spawnSync('git', ['-c', 'commit.gpgsign=false', ...args], {
      cwd: copy,
      env: { ...process.env, ...identity },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    return result.stdout.trim();
  };
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'The site before the edit');

  const markdown = join(copy, 'src/content/products', aroma, 'yuzu-dawn.md');
  const branch = `cms/${aroma}/yuzu-dawn`;
  const site = await startEditor({ MODE: 'git', ...identity });
  const item: AromaVariant = {
    order: 11,
    slug: 'yuzu-dawn',
    name: 'Yuzu Dawn',
    variantName: 'AF-300 Yuzu Dawn',
    scentFamily: 'Citrus',
    audience: 'Women',
    description:
      'Sparkling yuzu peel and green mandarin over white tea, in melamine-free capsules for blouses and summer dresses.',
    imageAlt: 'Abstract illustration of a yuzu fruit cut open in pale morning light',
    upload: join(copy, 'yuzu-dawn.webp'),
  };
  await drawPicture(item.upload, '#e8c547');
  const { policyViolations, pageErrors } = watchErrors(page);
  // Decap asks "Are you sure you want to publish this entry?"
  page.on('dialog', (dialog) => dialog.accept());
  await fillNewAromaVariant(page, site, item);

  // Save: a draft on its own branch; the site's files stay as they were.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(entryUrl('yuzu-dawn'), { timeout: 30_000 });
  await expect(page.getByText('Changes saved')).toBeVisible();
  expect(git('branch', '--list', 'cms/*', '--format=%(refname:short)')).toBe(branch);
  expect(existsSync(markdown)).toBe(false);
  const drafted = git('show', `${branch}:src/content/products/${aroma}/yuzu-dawn.md`);
  expect(parseFrontmatter(drafted)).toEqual(expectedFrontmatter(item));

  // Review: the draft becomes Ready, then is published.
  await page.getByRole('button', { name: 'Status: Draft' }).click();
  await page.getByRole('menuitem', { name: 'Ready' }).click();
  await expect(page.getByRole('button', { name: 'Status: Ready' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();

  // Published: merged into main, the branch gone, the file and its picture in the site's folder.
  // decap-server merges, then deletes the branch: the file can appear a moment before the branch
  // is gone, so both are waited for.
  await expect.poll(() => existsSync(markdown), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => git('branch', '--list', 'cms/*'), { timeout: 30_000 }).toBe('');
  expect(savedFile(markdown)).toEqual({ data: expectedFrontmatter(item), body: '' });
  expect((await sharp(join(copy, 'src/content/products', aroma, 'images/yuzu-dawn.webp')).metadata()).width).toBe(1200);
  expect(git('status', '--porcelain', '--', 'src')).toBe('');
  expect(policyViolations).toEqual([]);
  expect(pageErrors).toEqual([]);

  const check = spawnSync(process.execPath, ['scripts/content-check.mjs'], {
    cwd: copy,
    env: env({}),
    encoding: 'utf8',
  });
  expect(check.status, check.stdout + check.stderr).toBe(0);
  // The next test counts the cards of a build: the copy's catalogue goes back to the project's.
  for (const file of [markdown, join(copy, 'src/content/products', aroma, 'images/yuzu-dawn.webp')]) rmSync(file);
});

test('a new aroma variant made in /admin, its picture a phone photo, is saved web-sized without its location and built as one more card; a HEIC photo too', async ({
  page,
}) => {
  const folder = join(copy, 'src/content/products', aroma);
  const markdown = join(folder, 'neroli-morning.md');
  const picture = join(folder, 'images/neroli-morning.webp');
  expect(existsSync(markdown)).toBe(false);

  // decap-server saves the working copy's files: it has no drafts, so Decap publishes at once
  // although the configuration asks for the editorial workflow.
  const site = await startEditor();
  // The catalogue before the edit: the items of the copy's folder. The test before this one has
  // just taken out the item it added; the dev site shows it until it has taken in the removal,
  // and a count made sooner would be one too many.
  const namesInFolder = readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => (parseFrontmatter(readFileSync(join(folder, name), 'utf8')) as { name: string }).name)
    .sort();
  expect(namesInFolder.length).toBeGreaterThan(0);
  await expect.poll(async () => (await renderedCards(site)).sort(), { timeout: 30_000 }).toEqual(namesInFolder);
  const before = await renderedCards(site);
  const item: AromaVariant = {
    order: 10,
    slug: 'neroli-morning',
    name: 'Neroli Morning',
    variantName: 'AF-299 Neroli Morning',
    scentFamily: 'Citrus',
    audience: 'Unisex',
    description:
      'Bitter-orange blossom and petitgrain over a clean musk, in 4-8 µm capsules for shirting and bed linen.',
    imageAlt: 'Abstract illustration of an orange blossom in a warm morning light',
    upload: join(copy, 'neroli-morning.jpg'),
  };
  // The picture is a photo as a phone takes it: large, and carrying where it was taken.
  await phonePhoto(item.upload);
  const photo = await sharp(item.upload).metadata();
  expect([photo.width, photo.height]).toEqual([4032, 3024]);
  expect(readFileSync(item.upload).length).toBeGreaterThanOrEqual(4_000_000);
  expect(hasGps(photo.exif)).toBe(true);
  const { policyViolations, pageErrors } = watchErrors(page);
  // The HEIC decoder's files, as /admin asks for them: only when a HEIC photo is chosen (below).
  const decoderRequests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (Object.values(heicFiles).includes(pathname as never)) decoderRequests.push(pathname);
  });
  await fillNewAromaVariant(page, site, item);

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(page).toHaveURL(entryUrl('neroli-morning'), { timeout: 30_000 });
  await expect(page.getByText('Changes saved')).toBeVisible();

  // The file, as the content guide asks for it, and its picture next to the others.
  await expect.poll(() => existsSync(markdown)).toBe(true);
  expect(savedFile(markdown)).toEqual({ data: expectedFrontmatter(item), body: '' });
  // Committed web-sized, in the browser: its long side at the limit, 600 KB at most, and nothing
  // but the picture (no EXIF, so no GPS; no XMP, IPTC or colour profile notes).
  const stored = await sharp(picture).metadata();
  expect(stored.format).toBe('webp');
  expect(Math.max(stored.width!, stored.height!)).toBe(photoLimits.longSide);
  expect(stored.width! / stored.height!).toBeCloseTo(4032 / 3024, 2);
  expect(readFileSync(picture).length).toBeLessThanOrEqual(600_000);
  expect([stored.exif, stored.xmp, stored.iptc]).toEqual([undefined, undefined, undefined]);
  expect(policyViolations).toEqual([]);
  expect(pageErrors).toEqual([]);

  // The copy's site has one more card on the category page: the new one, showing its picture.
  // (Once in many runs it has not shown within the minute: the dev server's last output is
  // given with the failure, for what its content layer did with the new file.)
  await expect
    .poll(async () => (await renderedCards(site)).length, { timeout: 60_000 })
    .toBe(before.length + 1)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nastro dev, its last output:\n${dev?.output.join('').slice(-6_000) ?? ''}`);
    });
  const after = await renderedCards(site);
  const categoryHtml = parseHtml(await (await fetch(`${site}/products/${aroma}`)).text());
  const cardPicture = all('#products article#neroli-morning img', categoryHtml)[0]?.attribs.src;
  expect(cardPicture).toMatch(/neroli-morning/);
  expect((await fetch(new URL(cardPicture!, site))).status).toBe(200);

  // Then an iPhone's HEIC photo (1200 x 900, GPS in its EXIF: tests/fixtures/pictures) as the
  // item's picture. Chromium cannot decode HEIC: /admin loads the decoder for it, then and not
  // before, and the photo goes on as the JPEG did: a WebP with no metadata, committed.
  expect(decoderRequests).toEqual([]);
  const heic = join(copy, 'IMG_0001.HEIC');
  copyFileSync('tests/fixtures/pictures/phone-photo-gps.heic', heic);
  const heicPicture = `${item.slug}-${webName(basename(heic))}`;
  await page.getByRole('button', { name: 'Choose different image' }).click();
  await page.locator('input[type="file"]').setInputFiles(heic);
  await expect(page.getByText(heicPicture)).toBeVisible({ timeout: 30_000 });
  expect(decoderRequests).toEqual([heicFiles.script, heicFiles.wasm]);
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect
    .poll(() => (savedFile(markdown).data as { image?: string }).image, { timeout: 30_000 })
    .toBe(`./images/${heicPicture}`);
  const fromHeic = await sharp(join(folder, 'images', heicPicture)).metadata();
  expect([fromHeic.format, fromHeic.width, fromHeic.height]).toEqual(['webp', 1200, 900]);
  expect([fromHeic.exif, fromHeic.xmp, fromHeic.iptc]).toEqual([undefined, undefined, undefined]);
  expect(policyViolations).toEqual([]);
  expect(pageErrors).toEqual([]);
  await stopServers();

  // The content check accepts it.
  const check = spawnSync(process.execPath, ['scripts/content-check.mjs'], {
    cwd: copy,
    env: env({}),
    encoding: 'utf8',
  });
  expect(check.status, check.stdout + check.stderr).toBe(0);
  expect(after).toContain('Neroli Morning');
  expect(before).not.toContain('Neroli Morning');
  // What the build publishes of a picture carries no metadata either: tests/dist/published-pictures.test.ts.
});
