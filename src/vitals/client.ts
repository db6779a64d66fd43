/**
 * The field-data script, /vitals.js (bundled by ./bundle.mjs): loaded by the inline script of a
 * sampled page view once the page is idle (./sample.inline.ts), it measures
 * the page with web-vitals and sends one beacon (src/vitals/beacon.ts) when the visitor leaves:
 * at the first `visibilitychange` to hidden or `pagehide`, whichever comes first, and never again
 * for this page view.
 *
 * Every metric reports each change (`reportAllChanges`), and the beacon carries the latest value
 * of each: the browser fires `pagehide` before `visibilitychange` when a link is followed, so
 * waiting for web-vitals' own final report, which comes on `visibilitychange`, would miss the
 * layout shift and interaction figures of every page left by a link. What happens after the
 * beacon (the page shown again from the back-forward cache) is not sent.
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { beaconText, connectionOf, deviceOf, type Metrics, type PageType } from './beacon';
import { vitalsPageAttribute } from './sample';

/** routes.vitalsEndpoint (src/model/routes.ts), written in by ./bundle.mjs. */
declare const __VITALS_ENDPOINT__: string;

const metrics: Metrics = {};
const keep = (metric: Metric) => {
  metrics[metric.name as keyof Metrics] = metric.value;
};
onLCP(keep, { reportAllChanges: true });
onINP(keep, { reportAllChanges: true });
onCLS(keep, { reportAllChanges: true });
onTTFB(keep);

// As the layout named it (the function refuses any other value).
const page = (document.querySelector(`[${vitalsPageAttribute}]`)?.getAttribute(vitalsPageAttribute) ??
  'other') as PageType;

let sent = false;
const send = () => {
  if (sent || Object.keys(metrics).length === 0) return;
  sent = true;
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  navigator.sendBeacon(
    __VITALS_ENDPOINT__,
    beaconText({ page, conn: connectionOf(connection), device: deviceOf(innerWidth) }, metrics),
  );
};
addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') send();
});
addEventListener('pagehide', send);
