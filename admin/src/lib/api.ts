import { toFormData } from "#client/form-data.ts";
import { ApiError, type RequestOptions, requestJson } from "#client/http.ts";
import { typedApi } from "#client/typed-api.ts";
import { clearAdminToken, getAdminToken } from "./admin-token";

export { ApiError, toFormData };

/** Admin calls: the admin bearer token; a 401 on a signed-in call ends the admin session. */
function adminFetch(path: string, options: RequestOptions = {}): Promise<unknown> {
  return requestJson(path, options, getAdminToken(), clearAdminToken);
}

/** The admin SPA's typed client: paths, queries, bodies and answers from the API's document. */
export const adminApi = typedApi(adminFetch);
