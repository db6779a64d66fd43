/**
 * The headers netlify.toml gives every file of the site (`for = "/*"`). Netlify applies them to
 * files only, not to what a function answers, so the pages rendered on demand send them
 * themselves from here (src/middleware.ts). netlify.toml cannot import this module;
 * tests/unit/site-headers.test.ts keeps the two equal.
 *
 * The Content Security Policy is not among them: each page has its own (src/security/headers.ts),
 * which the build writes to dist/_headers and Astro sends with a page rendered on demand.
 */
import { reportingEndpoints } from './headers';

export const siteHeaders: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Every powerful feature off but fullscreen and the clipboard, which the editor uses (netlify.toml says more).
  'Permissions-Policy': [
    'accelerometer=()',
    'autoplay=()',
    'browsing-topics=()',
    'camera=()',
    'compute-pressure=()',
    'display-capture=()',
    'encrypted-media=()',
    'gamepad=()',
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'identity-credentials-get=()',
    'idle-detection=()',
    'local-fonts=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    'otp-credentials=()',
    'payment=()',
    'picture-in-picture=()',
    'publickey-credentials-create=()',
    'publickey-credentials-get=()',
    'screen-wake-lock=()',
    'serial=()',
    'storage-access=()',
    'usb=()',
    'window-management=()',
    'xr-spatial-tracking=()',
  ].join(', '),
  'X-Frame-Options': 'DENY',
  // Where the policy's `report-to` sends violation reports (netlify/functions/csp-report.ts).
  'Reporting-Endpoints': reportingEndpoints,
};
