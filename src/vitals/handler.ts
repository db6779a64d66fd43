/**
 * The field-data endpoint as a plain function of a Request (netlify/functions/vitals.ts wires it
 * to Blobs), so tests call it directly against a real Blobs server.
 *
 * A sampled page view sends one beacon when the visitor leaves it (src/vitals/client.ts), with
 * `navigator.sendBeacon` and a text body. The endpoint checks method, origin, type and size before
 * it reads the body, keeps a beacon only if every field is one it knows with a value in range
 * (beacon.ts), and adds only the time it arrived: it never reads the visitor's address, user agent
 * or cookies. Nobody reads the answer (sendBeacon does not), so it is short: 204, or a 4xx with
 * the reason for whoever tests it.
 *
 * Netlify limits how often one visitor may call it (`config.rateLimit` of the function).
 */
import { beaconLimits, parseBeacon, type StoredBeacon } from './beacon';
import type { VitalsStore } from './store';
import { functionAnswer } from '../security/function-headers';
import { declaresMoreThan, isSameOrigin, mediaTypeOf, readLimited } from '../server/http-request';

export interface VitalsDependencies {
  store: VitalsStore;
  now?: () => Date;
  log?: (line: string) => void;
  /** Origins besides the request's own that may send (the production address on a preview). */
  extraOrigins?: readonly string[];
  /** Deletes expired days now and then (store.ts `dailyPruning`), after a beacon is kept. */
  prune?: (store: VitalsStore, now: Date) => Promise<number>;
  /** Netlify's `context.waitUntil`: the pruning then runs after the answer. */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** What a beacon is sent as: `sendBeacon(url, string)` sends `text/plain;charset=UTF-8`. */
export const beaconMediaType = 'text/plain';

const tooLarge = `A beacon is at most ${beaconLimits.bodyBytes} bytes`;

export async function handleVitalsBeacon(request: Request, deps: VitalsDependencies): Promise<Response> {
  const log = deps.log ?? ((line: string) => console.log(line));
  try {
    if (request.method !== 'POST') return functionAnswer(405, 'Only POST is accepted', { allow: 'POST' });
    if (!isSameOrigin(request, deps.extraOrigins))
      return functionAnswer(403, 'Beacons can only be sent from this site');
    if (mediaTypeOf(request) !== beaconMediaType) return functionAnswer(415, `Send the beacon as ${beaconMediaType}`);
    if (declaresMoreThan(request, beaconLimits.bodyBytes)) return functionAnswer(413, tooLarge);
    const text = await readLimited(request, beaconLimits.bodyBytes);
    if (text === undefined) return functionAnswer(413, tooLarge);
    const parsed = parseBeacon(text);
    if (!parsed.ok) return functionAnswer(400, parsed.error);

    const now = (deps.now ?? (() => new Date()))();
    const record: StoredBeacon = { ...parsed.beacon, at: now.toISOString() };
    try {
      // Past the day's cap (store.ts) the beacon is dropped and answered alike: nobody reads the answer.
      await deps.store.add(record);
    } catch (error) {
      log(`vitals: could not keep a beacon: ${error instanceof Error ? error.message : String(error)}`);
      return functionAnswer(503, 'The beacon could not be kept just now');
    }

    if (deps.prune) {
      const pruning = deps.prune(deps.store, now).then(
        (deleted) => {
          if (deleted) log(`vitals: ${deleted} beacon(s) older than the retention period deleted`);
        },
        (error: unknown) =>
          log(`vitals: could not delete expired beacons: ${error instanceof Error ? error.message : String(error)}`),
      );
      if (deps.waitUntil) deps.waitUntil(pruning);
      else await pruning;
    }
    return functionAnswer(204);
  } catch (error) {
    // A fault of ours, not of the input: logged in full, answered without details.
    log(`vitals: unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
    return functionAnswer(500, 'Something went wrong on our side');
  }
}
