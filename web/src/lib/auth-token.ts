import { readCookie, removeCookie, writeCookie } from "#client/cookies.ts";
import { TOKEN_COOKIE_DAYS } from "#shared/constants.ts";

/** The session cookie the Worker reads: `access_token`, 7 days, as long as the token lives. */
const TOKEN_COOKIE = "access_token";

const listeners = new Set<() => void>();

export function getToken(): string | null {
  return readCookie(TOKEN_COOKIE);
}

export function setToken(token: string): void {
  writeCookie(TOKEN_COOKIE, token, TOKEN_COOKIE_DAYS);
  for (const listener of listeners) listener();
}

export function clearToken(): void {
  removeCookie(TOKEN_COOKIE);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: re-render when the user signs in or out. */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
