import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The server's logger. Logs carry the shape of what happened, never its secret values: no
 * passwords, hashes, tokens, reset links, one-time codes or file contents (issue 11).
 * - `redact` blanks known secret fields wherever a log call passes them;
 * - errors are scrubbed where they are serialised: a failed query's parameters (Drizzle puts
 *   them in the message, the stack and `params`) and PostgreSQL's `detail` (which quotes values);
 * - request URLs lose the values of secret query parameters (a reset link's token).
 */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'codeHash',
  // Two-factor (docs/two-factor.md): the app's key, its URI and QR code, codes, challenges. Not
  // `code`: an error's code (a PostgreSQL SQLSTATE, ECONNREFUSED) is what a log reader needs, and no
  // log call passes a sign-in code.
  'secret',
  'uri',
  'qrCode',
  'recoveryCodes',
  'challenge',
  'link',
  'text',
  'html',
  'body',
  'content',
];
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`]),
];

const SECRET_QUERY = /([?&](?:token|code|password|email)=)[^&#]*/gi;
export const scrubUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** "params: …" up to the stack's first frame (or the end): where Drizzle writes a query's values. */
const PARAMS = /params: [\s\S]*?(?=\n\s+at |$)/g;
export const scrubText = (s: string) => s.replace(PARAMS, 'params: [redacted]');
const DROPPED_ERROR_KEYS = new Set([
  'params',
  'parameters',
  'detail',
  'values',
  'where',
  'internalQuery',
]);

interface SerializedError {
  [key: string]: unknown;
}

export function scrubError(err: unknown, depth = 0): SerializedError | undefined {
  if (!(err instanceof Error) || depth > 4)
    return err === undefined ? undefined : { message: '[not an Error]' };
  const out: SerializedError = {
    type: err.constructor?.name ?? 'Error',
    message: scrubText(err.message),
  };
  if (err.stack) out.stack = scrubText(err.stack);
  for (const [k, v] of Object.entries(err)) {
    if (k === 'cause' || DROPPED_ERROR_KEYS.has(k) || SECRET_KEYS.includes(k)) continue;
    if (typeof v === 'string') out[k] = scrubText(v);
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  if (err.cause !== undefined) out.cause = scrubError(err.cause, depth + 1);
  return out;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  id?: string;
}

export const logSerializers = {
  err: (err: unknown) => scrubError(err),
  error: (err: unknown) => scrubError(err),
  req: (req: RequestLike) => ({
    method: req.method,
    url: req.url ? scrubUrl(req.url) : undefined,
    remoteAddress: req.ip,
  }),
};

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, serializers: logSerializers },
    destination,
  );
}
