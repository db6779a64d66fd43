/**
 * Which page views send field data: a sample of them, `VITALS_SAMPLE` of all (a build setting,
 * default 10%), decided in the browser by a few lines of inline script (./sample.inline.ts). The layout writes the sample and the kind of page on that script's
 * element as attributes, so the script's text, and with it its hash in the Content Security
 * Policy, stays the same whatever the setting.
 */

/** The share of page views that send field data when VITALS_SAMPLE is not set. */
export const defaultVitalsSample = 0.1;

/** The attribute of the inline script that holds the sample (a number from 0 to 1). */
export const vitalsSampleAttribute = 'data-vitals-sample';
/** The attribute of the inline script that holds the kind of page (page-type.ts). */
export const vitalsPageAttribute = 'data-vitals-page';

/**
 * The sample from VITALS_SAMPLE: a share from 0 to 1 ("0.1") or a percentage ("10%"); unset or
 * empty, the default. 0 turns field data off (the pages then carry no script for it). Anything
 * else stops the build with the reason: a setting that was meant to change something should not
 * be ignored.
 */
export function vitalsSampleFrom(value: string | undefined): number {
  const text = value?.trim() ?? '';
  if (text === '') return defaultVitalsSample;
  const percent = text.endsWith('%');
  const number = Number(percent ? text.slice(0, -1) : text);
  const share = percent ? number / 100 : number;
  if (!Number.isFinite(share) || share < 0 || share > 1 || (percent ? text.slice(0, -1) : text).trim() === '') {
    throw new Error(
      `VITALS_SAMPLE="${value}": give the share of page views that send field data, from 0 to 1 (0.1) or as a percentage (10%)`,
    );
  }
  return share;
}
