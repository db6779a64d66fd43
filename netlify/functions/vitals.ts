/**
 * POST /api/vitals: one beacon of field data per sampled page view (src/vitals/client.ts). The
 * work is done by src/vitals/handler.ts; this file wires it to the Blobs store of the deploy
 * context (previews keep their own) and deletes expired days now and then.
 */
import type { Config, Context } from '@netlify/functions';
import { getStore } from '@netlify/blobs';
import { extraOriginsFrom } from '../../src/server/http-request';
import { handleVitalsBeacon } from '../../src/vitals/handler';
import { blobsVitalsStore, dailyPruning, vitalsStoreFor } from '../../src/vitals/store';

/** Per function instance: the first beacon of each day deletes the days past the retention period. */
const prune = dailyPruning();

export default async (request: Request, context: Context) =>
  handleVitalsBeacon(request, {
    store: blobsVitalsStore(getStore({ name: vitalsStoreFor(context?.deploy?.context), consistency: 'strong' })),
    extraOrigins: extraOriginsFrom(process.env),
    prune,
    ...(context?.waitUntil ? { waitUntil: (promise: Promise<unknown>) => context.waitUntil(promise) } : {}),
  });

export const config: Config = {
  // A literal, as Netlify's parser requires: routes.vitalsEndpoint of src/model/routes.ts, which
  // tests/unit/routes.test.ts keeps equal to it.
  path: '/api/vitals',
  // A page view sends at most one beacon, and only one in ten is sampled: ten a minute per visitor
  // IP and domain leaves room for an office behind one address. `aggregateBy` must be a list.
  rateLimit: {
    windowLimit: 10,
    windowSize: 60,
    aggregateBy: ['ip', 'domain'],
  },
};
