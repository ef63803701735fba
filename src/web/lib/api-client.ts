import type { ErrorBody, ErrorCode } from '../../shared/errors';
import { authHeaders, clearSession } from './session';

/**
 * What the client itself says when a reply carried no error body of ours: an unreadable or empty
 * reply (`UNKNOWN`), no connection (`NETWORK`), a short plain text (`TEXT`), or a `{message}` of
 * another shape (`UNKNOWN_SHAPE`, from a proxy or another server), a stored file that could not
 * be loaded for a preview (`FILE`).
 */
type ClientErrorCode = 'UNKNOWN' | 'NETWORK' | 'TEXT' | 'UNKNOWN_SHAPE' | 'FILE';

/** The server's error body, or the client's own account of a reply that had none. */
export type ApiErrorBody = Omit<ErrorBody, 'code'> & { code: ErrorCode | ClientErrorCode };

/** A failed call: the server's error body, typed. `fields` land under inputs; `message` in a toast. */
export class ApiError extends Error {
  /** Set when this reply ended the session (the sign-in screen follows with its own notice). */
  endedSession = false;
  constructor(
    public readonly status: number,
    public readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
  get fields() {
    return this.body.fields ?? {};
  }
  /** False when the reply had no message of its own (an empty or unreadable body, no connection):
   * the screen then uses the spec's fallback text for what was attempted (error-message.ts). */
  /** A stale write's refusal (412): who changed the record, what and when (docs/concurrency.md). */
  get conflict() {
    return this.status === 412 ? this.body.conflict : undefined;
  }
  get hasServerMessage() {
    return this.body.code !== 'UNKNOWN' && this.body.code !== 'NETWORK';
  }
}

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();
/** A reply ended the session before anyone listened (the list request main.tsx sends first). */
let endedUnheard = false;
/** The auth provider subscribes: a 401 or isRedirected reply clears the session and goes to login. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  if (endedUnheard) {
    endedUnheard = false;
    queueMicrotask(listener);
  }
  return () => sessionEndedListeners.delete(listener);
}

/** Shown only in logs and tests; the screens use their fallback text instead (hasServerMessage). */
const noMessage = (status: number): ApiErrorBody => ({
  message: `Request failed (${status})`,
  code: 'UNKNOWN',
});

/**
 * The spec's failed replies carry "an object with message, or plain text". Our server always sends
 * the full error body; a proxy or another server may send `{"message": …}` alone, a short text, or
 * an HTML page: the message is kept when there is one, never the raw JSON or markup.
 * The error body's schema (Zod) is loaded with the first failed reply that has JSON, not with the
 * first screen (issue 50: the first row on screen).
 */
export async function toApiError(status: number, text: string): Promise<ApiError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const plain = text.trim();
    const usable = plain && plain.length < 200 && !plain.startsWith('<');
    return new ApiError(status, usable ? { message: plain, code: 'TEXT' } : noMessage(status));
  }
  // Should the schema's file fail to load, the reply is read as another server's below.
  const parsed = await import('../../shared/errors').then(
    (m) => m.ErrorBodySchema.safeParse(json),
    () => undefined,
  );
  if (parsed?.success) return new ApiError(status, parsed.data);
  const message = (json as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim()) {
    const redirected = (json as { isRedirected?: unknown }).isRedirected === true;
    return new ApiError(status, {
      message,
      code: 'UNKNOWN_SHAPE',
      ...(redirected ? { isRedirected: true as const } : {}),
    });
  }
  return new ApiError(status, noMessage(status));
}

const secondFactorListeners = new Set<Listener>();
/**
 * The auth provider subscribes: a 403 TWO_FACTOR_REQUIRED (an admin under REQUIRE_ADMIN_2FA whose
 * stored session predates it) reads the user again, and the route guard takes them to the set-up.
 */
export function onSecondFactorRequired(listener: Listener): () => void {
  secondFactorListeners.add(listener);
  return () => secondFactorListeners.delete(listener);
}

function handleSessionEnd(err: ApiError, hadToken: boolean) {
  if (err.status === 403 && err.body.code === 'TWO_FACTOR_REQUIRED')
    secondFactorListeners.forEach((l) => l());
  if ((err.status === 401 && hadToken) || err.body.isRedirected) {
    err.endedSession = true;
    clearSession();
    if (sessionEndedListeners.size === 0) endedUnheard = true;
    sessionEndedListeners.forEach((l) => l());
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** The version a write is based on (the record's `version`): sent as If-Match, docs/concurrency.md. */
  version?: number;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders() };
  if (opts.version !== undefined) headers['if-match'] = `"${opts.version}"`;
  const isForm = opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body:
        opts.body === undefined
          ? undefined
          : isForm
            ? (opts.body as FormData)
            : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, {
      message: 'Cannot reach the server. Check your connection and try again.',
      code: 'NETWORK',
    });
  }
  const text = await res.text();
  if (!res.ok) {
    const err = await toApiError(res.status, text);
    handleSessionEnd(err, Boolean(headers.authorization));
    throw err;
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/** Multipart POST with upload progress (fetch has none): XMLHttpRequest, same errors as `api`. */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const headers = authHeaders();
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        onProgress({
          loaded: e.loaded,
          total: e.total,
          percent: Math.round((e.loaded / e.total) * 100),
        });
    };
    xhr.onload = async () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        return;
      }
      const err = await toApiError(xhr.status, xhr.responseText);
      handleSessionEnd(err, Boolean(headers.authorization));
      reject(err);
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, {
          message: 'The upload was interrupted. Check your connection and try again.',
          code: 'NETWORK',
        }),
      );
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.send(form);
  });
}

/** Downloads an authenticated file: fetch with the bearer token, then save the blob under the server's name. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(path, { headers: authHeaders() });
  if (!res.ok) {
    const err = await toApiError(res.status, await res.text());
    handleSessionEnd(err, true);
    throw err;
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
