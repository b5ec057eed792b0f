import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SolanaConfirmInput, SolanaEstimateInput } from "#shared/schemas/wallet.ts";
import { api } from "#web/lib/api.ts";
import { paymentKeys } from "#web/lib/payment-config.ts";
import { walletKeys } from "./queries";

/** The fee and totals of sending `amount` SOL to `to`, before anything is signed. */
export function estimateSolanaSend(input: SolanaEstimateInput) {
  return api.post("/api/v1/private/user/payment/blockchain/solana/estimate/send/coin", { body: input });
}

/**
 * Signs and sends. The idempotency key is made once per confirmation step: a retry or a second
 * click with it gets the first answer back and never sends twice (docs/decisions/080).
 * Once sent, the balances and the payment history are read again.
 */
export function useConfirmSolanaSend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SolanaConfirmInput) =>
      api.post("/api/v1/private/user/payment/blockchain/solana/confirm/send/coin", { body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.root });
      // The payments feature keeps its history under its root; the send is a new row there.
      void queryClient.invalidateQueries({ queryKey: paymentKeys.root });
    },
  });
}

/** A key for one confirmation step, in the API's alphabet (letters, digits, "-"). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}
