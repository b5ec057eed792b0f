import { signWithPasskey } from "#client/two-factor/api.ts";
import { twoFactor } from "#web/lib/two-factor.ts";

/** Signs in with a passkey, no username: answers the access token. Loaded when the button is used. */
export async function passkeySignIn(): Promise<string> {
  const response = await signWithPasskey(await twoFactor.loginOptions());
  return (await twoFactor.passkeyLogin(response)).access_token;
}
