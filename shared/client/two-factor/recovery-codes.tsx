import { useState } from "react";
import { useTranslation } from "../react-i18n";

/** The recovery codes as a text file the person keeps ("agora-recovery-codes.txt"). */
function downloadCodes(codes: string[], heading: string) {
  const blob = new Blob([`${heading}\n\n${codes.join("\n")}\n`], { type: "text/plain" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = "agora-recovery-codes.txt";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Ten recovery codes, shown once: after turning the app on, or after making new ones. Copy and
 * Download keep them somewhere safer than a screenshot.
 */
export function RecoveryCodes({
  codes,
  title,
  onDone,
}: {
  codes: string[];
  title: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby="recovery-title" className="flex flex-col gap-3">
      <h3 id="recovery-title" className="font-semibold">
        {title}
      </h3>
      <p className="text-sm text-[var(--muted)]">
        {t("Each one signs you in once if you lose your phone. They are shown only now.")}
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label={t("Recovery codes")}>
        {codes.map((code) => (
          <li key={code} className="rounded border border-[var(--border)] px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            void navigator.clipboard.writeText(codes.join("\n")).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {t("Copy")}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => downloadCodes(codes, t("Agora recovery codes"))}
        >
          {t("Download")}
        </button>
        <span role="status" className="self-center text-sm text-[var(--muted)]">
          {copied ? t("Copied.") : ""}
        </span>
      </div>
      <button type="button" className="btn btn-primary" onClick={onDone}>
        {t("I have saved my recovery codes")}
      </button>
    </section>
  );
}
