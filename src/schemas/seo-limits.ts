/**
 * What a search result shows of a page: about 65 characters of its `<title>` and about 160 of its
 * meta description; under 70 a description says too little. The content schemas enforce these
 * (src/schemas/seo.ts) and the built-site test checks the pages against them.
 */
export const maxTitleLength = 65;
export const descriptionLength = { min: 70, max: 160 } as const;
