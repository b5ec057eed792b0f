import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { TextField } from "#client/form-fields.tsx";
import type { TFunction } from "#client/i18n-runtime.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { isStepUpRequired } from "#client/two-factor/api.ts";
import { confirm } from "#client/ui/confirm.tsx";
import { ChevronLeft } from "#client/ui/icons.tsx";
import { dismissSnackbar, showSnackbar } from "#client/ui/snackbar.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { useDebounced } from "#client/use-debounced.ts";
import {
  CRYPTO_WAIT_NOTICE_MS,
  RECIPIENT_VALIDATION_DEBOUNCE_MS,
  RECIPIENT_VALIDATION_MIN_CHARS,
  TX_RESULT_NOTICE_MS,
} from "#shared/constants.ts";
import {
  CHAINS,
  coinAmountSchema,
  type SendEstimate,
  toUnits,
  type ValidateToResult,
  WALLET_MSG,
  type WalletItem,
  type WalletSymbol,
} from "#shared/schemas/wallet.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { formatCoin, formatFee, formatUsd } from "../amounts";
import { estimateSolanaSend, newIdempotencyKey, useConfirmSolanaSend } from "../mutations";
import { maxEstimateQueryOptions, recipientQueryOptions, walletCoinQueryOptions } from "../queries";
import { copyAddress, WalletLoadError } from "./wallet-parts";

const StepUpPanel = lazy(() => import("#web/components/two-factor/step-up-panel.tsx"));

/**
 * The SEND_CRYPTO modal: `openModal("SEND_CRYPTO", { symbol })`. Solana: the estimation step
 * (recipient and amount), then the confirmation step (the fee, a confirm question, the send).
 * Other chains cannot send yet and say so; Bitcoin shows the most one could send.
 */
export default function SendCryptoDialog({
  onClose,
  symbol = "SOL",
}: ModalProps & { symbol?: WalletSymbol }) {
  const { t } = useTranslation();
  const chain = CHAINS[symbol] ?? CHAINS.SOL;
  const coin = useQuery(walletCoinQueryOptions(chain.abbreviation));
  return (
    <Dialog title={t("Send {{symbol}}", { symbol: chain.symbol })} onClose={onClose} size="md">
      {!chain.can_send ? (
        <CannotSend symbol={chain.symbol} onClose={onClose} />
      ) : coin.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : coin.isError ? (
        <WalletLoadError error={coin.error} retry={coin.refetch} />
      ) : (
        <SendSolana item={coin.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function CannotSend({ symbol, onClose }: { symbol: WalletSymbol; onClose: () => void }) {
  const { t } = useTranslation();
  const max = useQuery({ ...maxEstimateQueryOptions("BTC"), enabled: symbol === "BTC" });
  return (
    <div className="flex flex-col gap-3" data-testid="cannot-send">
      <p>{t(WALLET_MSG.sendOnlySolana)}</p>
      {symbol === "BTC" && max.data ? (
        <p className="text-sm text-[var(--muted)]">
          {t("You can send up to {{amount}} BTC (fee {{fee}} BTC).", {
            amount: formatCoin(max.data.max_transferable_amount),
            fee: formatFee(max.data.fee),
          })}
        </p>
      ) : null}
      <div className="flex justify-end">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t("Close")}
        </button>
      </div>
    </div>
  );
}

/** Why an amount cannot be sent, in the words of WALLET_MSG, or null when it can. */
function amountProblem(amount: string, item: WalletItem, t: TFunction): string | null {
  const { symbol, decimals } = item.blockchain;
  const parsed = coinAmountSchema.safeParse(amount);
  if (!parsed.success) return t(parsed.error.issues[0]?.message ?? WALLET_MSG.amountNumber);
  const value = toUnits(parsed.data, decimals);
  if (value === null) return t(WALLET_MSG.amountDecimals, { decimals });
  const min = toUnits(item.minimum_coin_transfer_amount, decimals) ?? 0n;
  const balance = toUnits(item.wallet.balance_in_coin, decimals) ?? 0n;
  if (value < min) return t(WALLET_MSG.amountMin, { min: item.minimum_coin_transfer_amount, symbol });
  if (value > balance) return t(WALLET_MSG.amountMax, { balance: item.wallet.balance_in_coin, symbol });
  return null;
}

/** What to say under the recipient: the check's answer in the reader's language. */
function recipientProblem(to: string, result: ValidateToResult, t: TFunction): string | null {
  if (result.is_valid) return null;
  return result.code === "send_to_self"
    ? t(WALLET_MSG.sendToSelf)
    : t(WALLET_MSG.invalidRecipient, { value: to });
}

function SendSolana({ item, onClose }: { item: WalletItem; onClose: () => void }) {
  const { t } = useTranslation();
  const symbol = item.blockchain.symbol;
  const [to, setTo] = useState("");
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [confirmStep, setConfirmStep] = useState<{
    estimate: SendEstimate;
    to: string;
    amount: string;
    username: string | null;
    idempotencyKey: string;
  } | null>(null);
  const lastKey = useRef<{ to: string; amount: string; key: string } | null>(null);
  const empty = (toUnits(item.wallet.balance_in_coin, item.blockchain.decimals) ?? 0n) === 0n;

  if (empty)
    return (
      <div className="flex flex-col gap-3" data-testid="deposit-prompt">
        <p>{t(WALLET_MSG.emptyBalance, { symbol })}</p>
        <p className="font-mono text-sm break-all text-[var(--muted)]">{item.wallet.address}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void copyAddress(item.wallet.address)}
          >
            {t("Deposit")}
          </button>
        </div>
      </div>
    );

  if (confirmStep)
    return <ConfirmStep item={item} {...confirmStep} onBack={() => setConfirmStep(null)} onClose={onClose} />;

  return (
    <EstimateStep
      item={item}
      to={to}
      setTo={setTo}
      amount={amount}
      setAmount={(value) => {
        setAmount(value);
        setAmountError(null);
      }}
      amountError={amountError}
      setAmountError={setAmountError}
      onEstimated={(estimate, sentTo, sentAmount, username) => {
        // One idempotency key per transfer: a retry or a double click reuses it, and so does
        // coming back to the same recipient and amount (a send that failed on the way may have
        // gone out); another recipient or amount is another transfer with a new key.
        const same = lastKey.current?.to === sentTo && lastKey.current.amount === sentAmount;
        const idempotencyKey = same && lastKey.current ? lastKey.current.key : newIdempotencyKey();
        lastKey.current = { to: sentTo, amount: sentAmount, key: idempotencyKey };
        setConfirmStep({ estimate, to: sentTo, amount: sentAmount, username, idempotencyKey });
      }}
      onClose={onClose}
    />
  );
}

function EstimateStep({
  item,
  to,
  setTo,
  amount,
  setAmount,
  amountError,
  setAmountError,
  onEstimated,
  onClose,
}: {
  item: WalletItem;
  to: string;
  setTo: (v: string) => void;
  amount: string;
  setAmount: (v: string) => void;
  amountError: string | null;
  setAmountError: (v: string | null) => void;
  onEstimated: (estimate: SendEstimate, to: string, amount: string, username: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const symbol = item.blockchain.symbol;
  const wanted = to.trim();
  const settled = useDebounced(wanted, RECIPIENT_VALIDATION_DEBOUNCE_MS);
  const long = wanted.length >= RECIPIENT_VALIDATION_MIN_CHARS;
  // Asked once the text has stood still for 2 s; an answer fetched on submit shows at once.
  const recipient = useQuery({
    ...recipientQueryOptions(symbol, wanted),
    enabled: long && settled === wanted,
  });
  const [recipientRequired, setRecipientRequired] = useState(false);
  const checking = long && recipient.isFetching;
  const recipientError = recipientRequired
    ? t(WALLET_MSG.recipientRequired)
    : long && recipient.data
      ? recipientProblem(wanted, recipient.data, t)
      : long && recipient.isError
        ? errorMessage(recipient.error)
        : null;
  const max = useMutation({
    mutationFn: () =>
      queryClient.fetchQuery({
        ...maxEstimateQueryOptions(symbol, long && recipient.data?.is_valid ? wanted : undefined),
        staleTime: 0,
      }),
    onSuccess: (result) => {
      const value = toUnits(result.max_transferable_amount, item.blockchain.decimals) ?? 0n;
      if (value === 0n) showSnackbar({ message: t(WALLET_MSG.emptyBalance, { symbol }), variant: "error" });
      else setAmount(result.max_transferable_amount);
    },
  });
  const estimate = useMutation({
    mutationFn: async (input: { to: string; amount: string }) => {
      const check = await queryClient.fetchQuery(recipientQueryOptions(symbol, input.to));
      if (!check.is_valid) return null;
      return { estimate: await estimateSolanaSend(input), ...input, username: check.username };
    },
    onSuccess: (result) => {
      if (result) onEstimated(result.estimate, result.to, result.amount, result.username);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (estimate.isPending) return;
    setRecipientRequired(wanted.length === 0);
    const problem = amountProblem(amount, item, t);
    setAmountError(problem);
    if (problem) showSnackbar({ message: problem, variant: "error" });
    if (problem || wanted.length === 0) return;
    estimate.mutate({ to: wanted, amount: amount.trim() });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("Send {{symbol}}", { symbol })}>
      <p className="mb-4 text-sm text-[var(--muted)]" data-testid="send-balance">
        {t("Balance: {{balance}} {{symbol}}", { balance: formatCoin(item.wallet.balance_in_coin), symbol })}
      </p>
      <TextField
        label={t("Recipient")}
        value={to}
        onValue={(value) => {
          setTo(value);
          setRecipientRequired(false);
        }}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        maxLength={120}
        error={recipientError ?? undefined}
        hint={
          checking ? (
            t("Checking…")
          ) : recipient.data?.is_valid && long ? (
            <span className="text-[var(--success)]" data-testid="recipient-ok">
              {recipient.data.username
                ? t("Sends to @{{username}}", { username: recipient.data.username })
                : t("A valid {{name}} address", { name: item.blockchain.name })}
            </span>
          ) : (
            t("A {{name}} address, or the username of someone on Agora", { name: item.blockchain.name })
          )
        }
      />
      <div className="grid grid-cols-[1fr_auto] items-start gap-2">
        <TextField
          label={t("Amount ({{symbol}})", { symbol })}
          value={amount}
          onValue={setAmount}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          error={amountError ?? undefined}
          hint={t("At least {{min}} {{symbol}}", { min: item.minimum_coin_transfer_amount, symbol })}
        />
        <button
          type="button"
          className="btn btn-outline mt-7"
          onClick={() => max.mutate()}
          disabled={max.isPending}
          aria-busy={max.isPending}
          aria-label={t("Send the most you can (MAX)")}
        >
          {t("MAX")}
        </button>
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t("Cancel")}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={estimate.isPending}
          aria-busy={estimate.isPending}
        >
          {estimate.isPending ? t("Please wait…") : t("Continue")}
        </button>
      </div>
    </form>
  );
}

function ConfirmStep({
  item,
  estimate,
  to,
  amount,
  username,
  idempotencyKey,
  onBack,
  onClose,
}: {
  item: WalletItem;
  estimate: SendEstimate;
  to: string;
  amount: string;
  /** Set when the recipient is someone on Agora. */
  username: string | null;
  idempotencyKey: string;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const symbol = item.blockchain.symbol;
  const send = useConfirmSolanaSend();
  const [stepUp, setStepUp] = useState(false);
  const asking = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const confirmSend = async () => {
    if (asking.current || send.isPending) return;
    asking.current = true;
    const ok = await confirm({
      title: t("Send {{amount}} {{symbol}}?", { amount, symbol }),
      message: t("It goes to {{to}} and cannot be undone.", { to: username ? `@${username}` : to }),
      confirmLabel: t("Send"),
    });
    asking.current = false;
    if (!ok) return;
    transfer();
  };

  const transfer = () => {
    const wait = showSnackbar({ message: t(WALLET_MSG.waitNotice), durationMs: CRYPTO_WAIT_NOTICE_MS });
    send.mutate(
      { to, amount, idempotency_key: idempotencyKey },
      {
        onSuccess: (result) => {
          dismissSnackbar(wait);
          showSnackbar({
            message: t("Sent {{amount}} {{symbol}}.", { amount, symbol }),
            variant: "success",
            link: { to: result.link, label: t("View transaction") },
            durationMs: TX_RESULT_NOTICE_MS,
          });
          onClose();
        },
        onError: (error) => {
          dismissSnackbar(wait);
          // A second factor is on and not proved lately: ask for it, then send the same transfer.
          if (isStepUpRequired(error)) setStepUp(true);
        },
      },
    );
  };

  if (stepUp) {
    return (
      <Suspense fallback={<p role="status">{t("Loading…")}</p>}>
        <StepUpPanel
          onCancel={() => setStepUp(false)}
          onProved={() => {
            setStepUp(false);
            transfer();
          }}
        />
      </Suspense>
    );
  }

  const row =
    "flex flex-wrap justify-between gap-x-4 gap-y-1 border-b border-[var(--line)] py-2 last:border-0";
  return (
    <div className="flex flex-col gap-3" data-testid="confirm-step">
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="grid size-8 place-items-center rounded-full hover:bg-[var(--hover)]"
          onClick={onBack}
          disabled={send.isPending}
          aria-label={t("Back")}
        >
          <ChevronLeft width={18} height={18} />
        </button>
        <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {t("Check and confirm")}
        </h3>
      </div>
      <dl className="text-sm">
        <div className={row}>
          <dt className="text-[var(--muted)]">{t("Recipient")}</dt>
          <dd className={`min-w-0 wrap-anywhere ${username ? "font-semibold" : "font-mono"}`}>
            {username ? `@${username}` : to}
          </dd>
        </div>
        {estimate.to_address !== to ? (
          <div className={row}>
            <dt className="text-[var(--muted)]">{t("Address")}</dt>
            <dd className="min-w-0 font-mono break-all">{estimate.to_address}</dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className="text-[var(--muted)]">{t("Amount")}</dt>
          <dd className="tabular-nums">
            {formatCoin(estimate.transferable)} {symbol}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-[var(--muted)]">{t("Fee")}</dt>
          <dd className="tabular-nums" data-testid="send-fee">
            {formatFee(estimate.fee)} {symbol}
            {estimate.fee_in_dollar === null ? null : (
              <span className="text-[var(--muted)]"> ({formatUsd(estimate.fee_in_dollar)})</span>
            )}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-semibold">{t("Total")}</dt>
          <dd className="font-semibold tabular-nums">
            {formatCoin(estimate.total_amount)} {symbol}
          </dd>
        </div>
      </dl>
      {estimate.is_new_account ? (
        <p className="text-xs text-[var(--muted)]">
          {t("This address is new on the network: the amount must cover the minimum an account holds.")}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onBack} disabled={send.isPending}>
          {t("Back")}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void confirmSend()}
          disabled={send.isPending}
          aria-busy={send.isPending}
        >
          {send.isPending ? t("Sending…") : t("Confirm")}
        </button>
      </div>
    </div>
  );
}
