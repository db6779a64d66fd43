/**
 * Who may have an entry rendered by /admin/render: an editor of this site, and no one else. The
 * preview pane sends the editor's own login token (`Authorization: Bearer …`), and the renderer
 * asks the provider of the backend editors log in with (src/cms/backend.ts) whether it is good
 * before it renders anything:
 *
 * - Git Gateway: Netlify Identity on this site's origin (`/.netlify/identity/user`) answers the
 *   token's user, or 401; the origin is the site's own configured address the request came to
 *   (src/server/own-address.ts), and a request to a Host the site does not have is refused;
 * - GitHub: GitHub's API answers the repository editors save to, with `permissions.push` true
 *   only for an account that may write to it.
 *
 * An accepted token is remembered for a few minutes, for the address it was accepted at (the pane posts as the editor types), and
 * each editor gets a bounded number of renders a minute. Both are kept in the function's memory:
 * an instance that starts afresh asks the provider again, and the limit holds per instance, which
 * bounds one token's cost without a store.
 */
import { cmsBackend, type CmsBackend } from '../backend';
import { ownOriginOf, ownOrigins } from '../../server/own-address';

export const editorLimits = {
  /** Renders a minute for one editor (the pane posts 300 ms after the editor stops typing). */
  rendersPerMinute: 60,
  /** How long an accepted token is taken without asking the provider again. */
  acceptedForMs: 5 * 60_000,
  /** Most tokens remembered at once; the oldest are forgotten first. */
  remembered: 200,
} as const;

/** The backend the site was built with (src/cms/integration.ts defines it for the build and the dev server). */
declare const __CMS_BACKEND__: CmsBackend | undefined;
const builtBackend = (): CmsBackend => (typeof __CMS_BACKEND__ === 'undefined' ? cmsBackend({}) : __CMS_BACKEND__);

export type EditorCheck =
  { ok: true } | { ok: false; status: 401 | 429; error: string; headers?: Record<string, string> };

/** The bearer token of the request, if it carries one. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer\s+([\x21-\x7e]{1,4096})$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

/** Asks the provider whether `token` is an editor's. */
export async function providerAccepts(
  token: string,
  backend: CmsBackend,
  siteOrigin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  try {
    if (backend.name === 'git-gateway') {
      const answer = await fetchImpl(`${siteOrigin}/.netlify/identity/user`, { headers });
      if (!answer.ok) return false;
      const user = (await answer.json()) as { id?: unknown };
      return typeof user?.id === 'string' && user.id !== '';
    }
    const answer = await fetchImpl(`https://api.github.com/repos/${backend.repo}`, {
      headers: { ...headers, accept: 'application/vnd.github+json', 'user-agent': 'site-preview' },
    });
    if (!answer.ok) return false;
    const repo = (await answer.json()) as { permissions?: { push?: unknown } };
    return repo?.permissions?.push === true;
  } catch {
    // The provider could not be asked: no render without its word.
    return false;
  }
}

const unauthorised = {
  ok: false,
  status: 401,
  error: 'The preview answers the editors of this site only: log in to /admin',
  headers: { 'www-authenticate': 'Bearer' },
} as const;

/**
 * The gate in front of the renderer: accepted tokens and each one's recent renders, in memory.
 * `now` and `fetchImpl` are for tests.
 */
export function editorGate(
  backend: CmsBackend,
  {
    fetchImpl = fetch,
    now = Date.now,
    origins = ownOrigins,
  }: { fetchImpl?: typeof fetch; now?: () => number; origins?: () => readonly string[] } = {},
) {
  const accepted = new Map<string, number>();
  const renders = new Map<string, number[]>();
  const forgetOldest = (map: Map<string, unknown>) => {
    while (map.size > editorLimits.remembered) map.delete(map.keys().next().value!);
  };
  return async function check(request: Request): Promise<EditorCheck> {
    const token = bearerToken(request);
    if (!token) return unauthorised;
    // The site's own configured address the request came to; a Host the site does not have is
    // refused before anyone is asked, and a token is accepted per address.
    const site = ownOriginOf(request, origins());
    if (!site) return unauthorised;
    const key = await digest(`${site}\n${token}`);
    const time = now();
    if ((accepted.get(key) ?? 0) <= time) {
      accepted.delete(key);
      if (!(await providerAccepts(token, backend, site, fetchImpl))) return unauthorised;
      accepted.set(key, time + editorLimits.acceptedForMs);
      forgetOldest(accepted);
    }
    const recent = (renders.get(key) ?? []).filter((at) => at > time - 60_000);
    if (recent.length >= editorLimits.rendersPerMinute) {
      const retry = Math.ceil((recent[0]! + 60_000 - time) / 1000);
      return {
        ok: false,
        status: 429,
        error: 'Too many previews a minute; the next one is drawn shortly',
        headers: { 'retry-after': String(Math.max(1, retry)) },
      };
    }
    recent.push(time);
    renders.delete(key);
    renders.set(key, recent);
    forgetOldest(renders);
    return { ok: true };
  };
}

/** The token's SHA-256, so no token is kept in memory as it is. */
async function digest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let siteGate: ReturnType<typeof editorGate> | undefined;

/** The renderer's gate: one per function instance, for the backend the site was built with. */
export const checkSiteEditor = (request: Request): Promise<EditorCheck> =>
  (siteGate ??= editorGate(builtBackend()))(request);
