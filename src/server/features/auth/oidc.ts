import type * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../context';
import type { LoginResponse } from '../../../shared/contracts/auth';
import { OIDC_MSG, OIDC_PATHS } from '../../../shared/contracts/oidc';
import { MSG } from '../../../shared/messages';
import { ERROR_CODES, type ErrorCode } from '../../../shared/errors';
import { AppError, notFound, retryIn, tooMany } from '../../lib/app-error';
import { secretBox } from '../integrations';
import { checkOutboundUrl } from '../../lib/outbound-address';
import * as repo from './auth.repo';
import { LOGIN_LIMITS } from './login-throttle';
import { createSession, findSessionUser, toSessionUser } from './auth.service';

/**
 * Company sign-in (OpenID Connect, docs/sign-in.md): authorization code flow with PKCE (S256),
 * `state` and `nonce`, the ID token verified by openid-client (signature included: non-repudiation
 * checks). The account is matched by the verified e-mail; nothing is ever created.
 *
 * The flow keeps no server state: between `start` and `callback` the browser holds, in an
 * encrypted cookie (AES-256-GCM, the webhook secrets' key) limited to /api/auth/oidc, the state,
 * nonce and PKCE verifier; between `callback` and `finish` the outcome (a session token or the
 * refusal's words). The sign-in page collects it with `finish`, so no token travels in a URL.
 */
const OIDC_COOKIE = 'ppp_oidc';
/** How long a browser may take at the provider (and then to collect the outcome). */
const FLOW_SECONDS = 10 * 60;
const COOKIE_PATH = '/api/auth/oidc';

type Flow =
  | { kind: 'flow'; state: string; nonce: string; verifier: string; at: number }
  | { kind: 'outcome'; token?: string; error?: string; status?: number; at: number };

const oidcEnabled = (deps: AppDeps) => deps.env.OIDC_ISSUER !== undefined;

export function oidcDisplayName(deps: AppDeps): string | null {
  return oidcEnabled(deps) ? (deps.env.OIDC_DISPLAY_NAME ?? null) : null;
}

const redirectUri = (deps: AppDeps) => `${deps.env.publicUrl}${OIDC_PATHS.callback}`;

// openid-client (and jose under it) loads at the first sign-in through the provider, not at start-up.
let loading: Promise<typeof client> | undefined;
const oidc = () => (loading ??= import('openid-client'));

const configs = new Map<string, Promise<client.Configuration>>();

/** The provider's discovery document, read once per process (again after a failure). */
function providerConfig(deps: AppDeps): Promise<client.Configuration> {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOW_PRIVATE } = deps.env;
  const key = `${OIDC_ISSUER}\n${OIDC_CLIENT_ID}\n${OIDC_CLIENT_SECRET}\n${OIDC_ALLOW_PRIVATE}`;
  let config = configs.get(key);
  if (!config) {
    config = (async () => {
      // The portal's outbound rule: https on a public address, unless OIDC_ALLOW_PRIVATE.
      await checkOutboundUrl(OIDC_ISSUER!, OIDC_ALLOW_PRIVATE);
      const oc = await oidc();
      return oc.discovery(new URL(OIDC_ISSUER!), OIDC_CLIENT_ID!, OIDC_CLIENT_SECRET!, undefined, {
        execute: [
          oc.enableNonRepudiationChecks,
          ...(OIDC_ALLOW_PRIVATE ? [oc.allowInsecureRequests] : []),
        ],
        timeout: 10,
      });
    })();
    configs.set(key, config);
    config.catch(() => configs.delete(key));
  }
  return config;
}

function seal(deps: AppDeps, flow: Flow): string {
  return Buffer.from(secretBox(deps.env).seal(JSON.stringify(flow))).toString('base64url');
}

function unseal(deps: AppDeps, cookieHeader: string | undefined): Flow | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== OIDC_COOKIE || !value) continue;
    try {
      const flow = JSON.parse(
        secretBox(deps.env).open(Buffer.from(value, 'base64url').toString('utf8')),
      ) as Flow;
      // Only what this portal sealed opens (GCM), and only for the flow's time.
      if (typeof flow.at === 'number' && Date.now() - flow.at < FLOW_SECONDS * 1000) return flow;
    } catch {
      /* not ours, or from before a key change: as if absent */
    }
  }
  return undefined;
}

export function flowCookie(deps: AppDeps, flow: Flow | null): string {
  const secure = deps.env.publicUrl.startsWith('https:') ? '; Secure' : '';
  // Lax: the provider's redirect back is a top-level navigation from another site.
  return flow
    ? `${OIDC_COOKIE}=${seal(deps, flow)}; Path=${COOKIE_PATH}; Max-Age=${FLOW_SECONDS}; HttpOnly; SameSite=Lax${secure}`
    : `${OIDC_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

const refused = (error: string, status = 401): Flow => ({
  kind: 'outcome',
  error,
  status,
  at: Date.now(),
});

/** The provider's authorization URL and the cookie that remembers this browser's flow. */
export async function start(
  deps: AppDeps,
  log: FastifyBaseLogger,
): Promise<{ location: string; flow: Flow }> {
  if (!oidcEnabled(deps)) throw notFound('Company sign-in');
  let config: client.Configuration;
  try {
    config = await providerConfig(deps);
  } catch (err) {
    log.warn({ err }, `company sign-in: the provider at OIDC_ISSUER cannot be used`);
    return { location: '', flow: refused(OIDC_MSG.unavailable, 503) };
  }
  const oc = await oidc();
  const verifier = oc.randomPKCECodeVerifier();
  const state = oc.randomState();
  const nonce = oc.randomNonce();
  const url = oc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(deps),
    scope: 'openid email profile',
    code_challenge: await oc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location: url.href, flow: { kind: 'flow', state, nonce, verifier, at: Date.now() } };
}

/** The e-mail the provider vouches for: `email_verified`, or Entra ID's verified-domain claim. */
function verifiedEmail(claims: Record<string, unknown>): string | undefined {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email) return undefined;
  return claims.email_verified === true || claims.xms_edov === true ? email : undefined;
}

/**
 * The provider sent the browser back: checks state, PKCE and nonce, verifies the ID token and
 * matches the account. Answers the outcome to keep in the cookie (never throws for a refusal: the
 * sign-in page shows it).
 */
export async function callback(
  deps: AppDeps,
  log: FastifyBaseLogger,
  query: string,
  cookieHeader: string | undefined,
  origin: { ip: string; userAgent?: string },
): Promise<Flow> {
  const flow = unseal(deps, cookieHeader);
  if (!oidcEnabled(deps)) return refused(OIDC_MSG.notConfigured, 404);
  if (!flow || flow.kind !== 'flow') return refused(OIDC_MSG.expired, 400);
  const params = new URLSearchParams(query);
  if (params.has('error')) {
    log.info({ error: params.get('error') }, 'company sign-in: the provider refused');
    return refused(OIDC_MSG.failed);
  }
  // The sign-in limits of passwords: every company sign-in counts against the address; a success
  // gives its count back.
  const addressKey = `login:ip:${origin.ip}`;
  const hit = await deps.counter.hit(addressKey, LOGIN_LIMITS.windowSeconds);
  if (hit.count > LOGIN_LIMITS.perAddress) {
    const err = tooMany(
      `Too many failed sign-in attempts from your network. Try again ${retryIn(hit.resetInSeconds)}.`,
      hit.resetInSeconds,
    );
    return refused(err.message, 429);
  }
  let claims: Record<string, unknown>;
  try {
    const config = await providerConfig(deps);
    const oc = await oidc();
    const current = new URL(`${redirectUri(deps)}?${params.toString()}`);
    const tokens = await oc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) };
    if (typeof claims.email !== 'string' && tokens.access_token)
      claims = {
        ...(await oc.fetchUserInfo(config, tokens.access_token, String(claims.sub))),
        ...claims,
      };
  } catch (err) {
    log.warn({ err }, 'company sign-in: the answer could not be verified');
    return refused(OIDC_MSG.failed);
  }
  const email = verifiedEmail(claims);
  if (!email) return refused(OIDC_MSG.unverified, 403);
  const user = await repo.findUserByEmail(deps.database.db, email);
  if (!user) return refused(OIDC_MSG.noAccount(email), 403);
  if (user.disabled) return refused(MSG.accountDisabled, 403);
  await deps.counter.release(addressKey);
  const token = await createSession(deps, user.id, { ...origin, method: 'oidc' });
  log.info({ userId: user.id, method: 'oidc' }, 'signed in');
  return { kind: 'outcome', token, at: Date.now() };
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  429: ERROR_CODES.rateLimited,
  503: ERROR_CODES.internal,
};

/** The sign-in page collects the outcome the cookie holds: the session, or the refusal. */
export async function finish(
  deps: AppDeps,
  cookieHeader: string | undefined,
): Promise<LoginResponse> {
  const flow = unseal(deps, cookieHeader);
  if (!flow || flow.kind !== 'outcome')
    throw new AppError(400, ERROR_CODES.badRequest, OIDC_MSG.expired);
  if (!flow.token) {
    const status = flow.status ?? 401;
    throw new AppError(
      status,
      STATUS_CODES[status] ?? ERROR_CODES.unauthenticated,
      flow.error ?? OIDC_MSG.failed,
    );
  }
  const session = await findSessionUser(deps.database.db, flow.token);
  const row = session && (await repo.findUserById(deps.database.db, session.id));
  if (!row) throw new AppError(401, ERROR_CODES.unauthenticated, OIDC_MSG.expired);
  return { ...toSessionUser(row), token: flow.token };
}
