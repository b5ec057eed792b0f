import { ApiError, type RequestOptions, requestJson } from "#client/http.ts";
import { typedApi } from "#client/typed-api.ts";
import { clearToken, getToken } from "./auth-token";

export type { Answer, JsonBody, PathOf } from "#client/typed-api.ts";
export type { RequestOptions };
export { ApiError };

/** Called when a request with a token answers 401: the session is over (set by the app). */
let onSessionExpired: () => void = () => {};
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** Every call of the main SPA goes through here. */
function apiFetch(path: string, options: RequestOptions = {}): Promise<unknown> {
  return requestJson(path, options, getToken(), () => {
    clearToken();
    onSessionExpired();
  });
}

/** The main SPA's typed client: paths, queries, bodies and answers from the API's document. */
export const api = typedApi(apiFetch);
