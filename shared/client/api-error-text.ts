import { walletDetailTemplate } from "#shared/wallet-messages.ts";
import { ApiError } from "./http";
import type { TFunction } from "./i18n-runtime";

const TOO_MANY = /^Too many attempts\. Try again in (\d+) seconds\.$/;
const WAIT_FOR_CODE = /^Wait (\d+) seconds before asking for a new code\.$/;

/**
 * The words of the generic error handler (the server's detail, else the error's message,
 * else "Something went wrong"), translated, keeping the waiting time of a 429 in the sentence.
 */
export function apiErrorText(error: unknown, t: TFunction): string {
  // An ApiError without detail carries only a stand-in message ("Request failed with status
  // 500"), which tells a reader nothing: that counts as no message.
  if (error instanceof ApiError && !error.detail) return t("Something went wrong");
  const detail = error instanceof ApiError ? error.detail : null;
  if (detail) {
    const tooMany = TOO_MANY.exec(detail);
    if (tooMany) return t("Too many attempts. Try again in {{seconds}} seconds.", { seconds: tooMany[1] });
    const wait = WAIT_FOR_CODE.exec(detail);
    if (wait) return t("Wait {{seconds}} seconds before asking for a new code.", { seconds: wait[1] });
    // The wallet's details carry amounts and addresses: translate the template, keep the values.
    const wallet = walletDetailTemplate(detail);
    if (wallet) return t(wallet.template, wallet.values);
    return t(detail);
  }
  if (error instanceof Error && error.message) return t(error.message);
  return t("Something went wrong");
}
