import { StepUpPrompt } from "#client/two-factor/step-up.tsx";
import { setToken } from "#web/lib/auth-token.ts";
import { twoFactor } from "#web/lib/two-factor.ts";

/**
 * The code (or passkey) prompt for an action the Worker refused for want of a fresh factor: the
 * new session token replaces the old one, then `onProved` retries the action.
 */
export default function StepUpPanel({ onProved, onCancel }: { onProved: () => void; onCancel: () => void }) {
  return (
    <StepUpPrompt
      api={twoFactor}
      onCancel={onCancel}
      onToken={(token) => {
        setToken(token);
        onProved();
      }}
    />
  );
}
