/**
 * /admin's check before a save (src/cms/publish-check.ts): the whole content check, run on the
 * content with the change laid over it, answers the problems the change brings in the check's own
 * words, for the entry's file and for the other files a change leaves wrong. The project's files
 * are never written. Entries are read from src/content, so an editorial change keeps this green.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { changeProblems, contentPath, isContentChange } from '../../src/cms/publish-check';
import { formatProblem } from '../../src/content-check/check';
import { catalogueItem, itemIdOf, type ItemData } from '../../src/model/catalogue-item';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';

const root = process.cwd();
const imageWidth = async (path: string) => (await sharp(path).metadata()).width;
const products = 'src/content/products';
const categoryFolder = readdirSync(products).find((name) => statSync(join(products, name)).isDirectory())!;
const itemFile = `${products}/${categoryFolder}/${readdirSync(join(products, categoryFolder)).find((n) => n.endsWith('.md'))!}`;
const itemText = readFileSync(itemFile, 'utf8');
const technologyFile = `src/content/technologies/${readdirSync('src/content/technologies').find((n) => n.endsWith('.md'))!}`;

describe("/admin's check before a save", () => {
  it('finds nothing in a change the check accepts, and leaves the project as it was', async () => {
    const problems = await changeProblems(root, { written: [{ path: itemFile, text: itemText }] }, { imageWidth });
    expect(problems).toEqual([]);
    expect(readFileSync(itemFile, 'utf8')).toBe(itemText);
  });

  it("refuses {count} in an item's description, in the words of the check, for the field", async () => {
    const description = String((parseFrontmatter(itemText) as { description: string }).description);
    const text = itemText.replace(description, `{count} ${description}`.slice(0, description.length));
    expect(text).not.toBe(itemText);
    const problems = await changeProblems(root, { written: [{ path: itemFile, text }] }, { imageWidth });
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(new RegExp(`^${itemFile}: description: "\\{count\\}" is not filled in here`)),
    ]);
    expect(readFileSync(itemFile, 'utf8')).toBe(itemText);
  });

  it('refuses a delete that leaves a link dangling, naming the file that links', async () => {
    const data = parseFrontmatter(itemText) as unknown as ItemData;
    const href = catalogueItem({ id: itemIdOf(itemFile.slice(products.length + 1), data), data }).href;
    const technology = readFileSync(technologyFile, 'utf8');
    const linking = `${technology.trimEnd()}\n\nSee [the item](${href}).\n`;
    // The link alone is fine; the item deleted with it is not.
    expect(await changeProblems(root, { written: [{ path: technologyFile, text: linking }] }, { imageWidth })).toEqual(
      [],
    );
    const problems = await changeProblems(
      root,
      { written: [{ path: technologyFile, text: linking }], deleted: [itemFile] },
      { imageWidth },
    );
    expect(problems.map(formatProblem)).toContainEqual(
      expect.stringMatching(
        new RegExp(`^${technologyFile}: body: links to "${href}", an address the site does not have`),
      ),
    );
    expect(readFileSync(itemFile, 'utf8')).toBe(itemText);
  });

  it("refuses a published item's new slug unless its old one is kept as a former slug", async () => {
    const slug = String((parseFrontmatter(itemText) as { slug: string }).slug);
    const renamed = itemText.replace(/^slug: .*$/m, `slug: ${slug}-renamed`);
    expect(renamed).not.toBe(itemText);
    const problems = await changeProblems(root, { written: [{ path: itemFile, text: renamed }] }, { imageWidth });
    expect(problems.map(formatProblem)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${itemFile}: slug: changed from "${slug}", so the published address /products/${categoryFolder}/${slug} would answer "page not found"`,
        ),
      ),
    );
    // Kept as a former slug, the old address redirects: the change is accepted.
    const kept = renamed.replace(/^slug: .*$/m, (line) => `${line}\nformerSlugs:\n  - ${slug}`);
    expect(await changeProblems(root, { written: [{ path: itemFile, text: kept }] }, { imageWidth })).toEqual([]);
  });

  it('checks an upload by the measurements the browser posts', async () => {
    const image = String((parseFrontmatter(itemText) as { image: string }).image);
    const path = `${products}/${categoryFolder}/${image.replace(/^\.\//, '')}`;
    const problems = await changeProblems(root, { uploaded: [{ path, bytes: 1000, width: 300 }] }, { imageWidth });
    expect(problems.map((p) => p.message)).toContainEqual(expect.stringContaining('300 px wide'));
  });

  it('lays a path written with a leading slash inside its copy of the content, and refuses a folder', async () => {
    const description = String((parseFrontmatter(itemText) as { description: string }).description);
    const text = itemText.replace(description, `{count} ${description}`.slice(0, description.length));
    const problems = await changeProblems(root, { written: [{ path: `/${itemFile}`, text }] }, { imageWidth });
    expect(problems.map((p) => `${p.file}: ${p.field}`)).toEqual([`${itemFile}: description`]);
    expect(existsSync(`/${itemFile}`)).toBe(false);
    await expect(
      changeProblems(root, { deleted: [`${products}/${categoryFolder}`] }, { imageWidth }),
    ).rejects.toThrow();
    expect(readFileSync(itemFile, 'utf8')).toBe(itemText);
  });

  it('reads only changes inside the content folder', () => {
    expect(contentPath('src/content/a.md')).toBe('src/content/a.md');
    for (const path of ['src/content/../../etc/passwd', 'package.json', '/etc/passwd', 'src/contentx/a.md', 3])
      expect(contentPath(path)).toBeUndefined();
    expect(isContentChange({ written: [{ path: 'src/content/a.md', text: 'x' }] })).toBe(true);
    expect(isContentChange({ deleted: ['astro.config.mjs'] })).toBe(false);
    expect(isContentChange({ uploaded: [{ path: 'src/content/a.webp', bytes: -1 }] })).toBe(false);
  });
});
