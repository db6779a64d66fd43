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
import { functionResponseHeaders } from '../function-headers';
import { declaresMoreThan, isSameOrigin, mediaTypeOf, readLimited } from '../http-request';

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

/** An answer with the functions' own headers: empty, or the reason of a refusal as JSON. */
const answer = (status: number, error?: string, headers: Record<string, string> = {}) =>
  error === undefined
    ? new Response(null, { status, headers: { ...functionResponseHeaders(), ...headers } })
    : new Response(JSON.stringify({ error }), {
        status,
        headers: { 'content-type': 'application/json; charset=utf-8', ...functionResponseHeaders(), ...headers },
      });

export async function handleVitalsBeacon(request: Request, deps: VitalsDependencies): Promise<Response> {
  const log = deps.log ?? ((line: string) => console.log(line));
  try {
    if (request.method !== 'POST') return answer(405, 'Only POST is accepted', { allow: 'POST' });
    if (!isSameOrigin(request, deps.extraOrigins)) return answer(403, 'Beacons can only be sent from this site');
    if (mediaTypeOf(request) !== beaconMediaType) return answer(415, `Send the beacon as ${beaconMediaType}`);
    if (declaresMoreThan(request, beaconLimits.bodyBytes)) return answer(413, tooLarge);
    const text = await readLimited(request, beaconLimits.bodyBytes);
    if (text === undefined) return answer(413, tooLarge);
    const parsed = parseBeacon(text);
    if (!parsed.ok) return answer(400, parsed.error);

    const now = (deps.now ?? (() => new Date()))();
    const record: StoredBeacon = { ...parsed.beacon, at: now.toISOString() };
    try {
      await deps.store.add(record);
    } catch (error) {
      log(`vitals: could not keep a beacon: ${error instanceof Error ? error.message : String(error)}`);
      return answer(503, 'The beacon could not be kept just now');
    }

    if (deps.prune) {
      const pruning = deps.prune(deps.store, now).then(
        (deleted) => {
          if (deleted) log(`vitals: ${deleted} beacon(s) older than the retention period deleted`);
        },
        (error: unknown) => log(`vitals: could not delete expired beacons: ${error instanceof Error ? error.message : String(error)}`),
      );
      if (deps.waitUntil) deps.waitUntil(pruning);
      else await pruning;
    }
    return answer(204);
  } catch (error) {
    // A fault of ours, not of the input: logged in full, answered without details.
    log(`vitals: unexpected error: ${error instanceof Error ? error.stack : String(error)}`);
    return answer(500, 'Something went wrong on our side');
  }
}
