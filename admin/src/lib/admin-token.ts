import { readCookie, removeCookie, writeCookie } from "#client/cookies.ts";
import { ADMIN_TOKEN_COOKIE_DAYS } from "#shared/constants.ts";

/** The admin SPA keeps its token in `admin_access_token`, apart from a user session's cookie. */
const ADMIN_TOKEN_COOKIE = "admin_access_token";
const listeners = new Set<() => void>();

export function getAdminToken(): string | null {
  return readCookie(ADMIN_TOKEN_COOKIE);
}

export function setAdminToken(token: string): void {
  writeCookie(ADMIN_TOKEN_COOKIE, token, ADMIN_TOKEN_COOKIE_DAYS);
  for (const l of listeners) l();
}

export function clearAdminToken(): void {
  removeCookie(ADMIN_TOKEN_COOKIE);
  for (const l of listeners) l();
}

export function subscribeAdminToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
