/**
 * GETs that a first load starts before the app's own script has arrived (web/boot.ts), each handed
 * once to the app's query for the same URL. Only a success is handed over: for any other answer
 * (or none) the app asks again itself, so its errors (a 401 that ends the session, a refused
 * filter) take the usual way through the API client.
 */
const started = new Map<string, Promise<unknown>>();

/** Starts the GET; its answer (undefined for anything but a success) is also the caller's. */
export function startEarlyGet<T>(
  url: string,
  headers: Record<string, string>,
): Promise<T | undefined> {
  const answer = fetch(url, { headers })
    .then((res) => (res.ok ? (res.json() as Promise<T>) : undefined))
    .catch(() => undefined);
  started.set(url, answer);
  return answer;
}

/** The early answer to this URL, if one was started (undefined inside when it failed); taken once. */
export function takeEarlyGet<T>(url: string): Promise<T | undefined> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer as Promise<T | undefined> | undefined;
}
