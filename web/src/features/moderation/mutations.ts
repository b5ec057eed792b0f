import { toFormData } from "#client/form-data.ts";
import { requestJson } from "#client/http.ts";
import { api } from "#web/lib/api.ts";

/**
 * A person's one appeal of a decision about them. A suspended person has no session: their
 * sign-in's answer gave an appeal token, which opens this path only.
 */
export function sendAppeal(values: { moderation_id: string; text: string }, appealToken?: string) {
  const body = toFormData({ ...values, text: values.text.trim() });
  if (appealToken)
    return requestJson("/api/v1/private/user/appeal", { method: "POST", body }, appealToken, () => {});
  return api.post("/api/v1/private/user/appeal", { body });
}
