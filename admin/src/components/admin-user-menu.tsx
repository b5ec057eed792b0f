import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { focusMenuItem, moveMenuFocus } from "#client/menu.ts";
import { useMenuButton } from "#client/menu-button.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { shrinkPicture } from "#client/shrink-picture.ts";
import { useToggleAdminNightMode } from "../features/auth/night-mode";
import { adminSignOut, useAdminMe } from "../features/auth/session";
import { useAdminThemeFrom } from "../features/auth/theme";
import { useUploadFile } from "../features/files/mutations";

const NOTICE_MS = 6_000;

/**
 * The admin header menu: profile, night mode, an image upload that copies the
 * uploaded link to the clipboard, and log out.
 */
export function AdminUserMenu() {
  const { t } = useTranslation();
  const { admin } = useAdminMe();
  const queryClient = useQueryClient();
  const toggleNight = useToggleAdminNightMode();
  const uploadFile = useUploadFile();
  const { open, setOpen, start, buttonProps } = useMenuButton();
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useAdminThemeFrom(admin?.use_night_mode);
  const night = admin?.use_night_mode ?? document.documentElement.dataset.theme !== "day";

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    focusMenuItem(ref.current?.querySelector("[role=menu]") ?? null, start);
    return () => document.removeEventListener("mousedown", onDown);
  }, [open, start, setOpen]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  // The menu button's keys (#client/menu.ts): the arrows, Home and End move between items, Escape
  // closes and gives focus back to the button, Tab leaves and closes.
  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Tab") {
      setOpen(false);
      return;
    }
    if (e.key === "Escape") close();
    else if (!moveMenuFocus(ref.current?.querySelector("[role=menu]") ?? null, e.key)) return;
    e.preventDefault();
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      // The Files page and the audit log refetch too.
      const stored = await uploadFile.mutateAsync(await shrinkPicture(file));
      const link = new URL(stored.file, window.location.origin).toString();
      try {
        await navigator.clipboard.writeText(link);
        setNotice({ text: t("Saved the link to clipboard"), error: false });
      } catch {
        // Some browsers refuse the clipboard without a fresh click: show the link to copy by hand.
        setNotice({ text: link, error: false });
      }
    } catch (error) {
      setNotice({ text: apiErrorText(error, t), error: true });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const item =
    "flex w-full items-center px-4 py-2 text-left text-sm outline-none hover:bg-[var(--hover)] focus:bg-[var(--hover)]";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keys are handled for the menu inside.
    <div className="relative" ref={ref} onKeyDown={open ? onMenuKey : undefined}>
      <button
        {...buttonProps}
        ref={button}
        type="button"
        // Until the account has loaded the button shows "Account", and its name must say the same.
        aria-label={admin ? t("Admin menu for {{username}}", { username: admin.username }) : t("Account")}
        className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-[var(--hover)]"
      >
        {/* The initial is drawn by CSS: as text it would have to be part of the button's name. */}
        <span
          aria-hidden="true"
          data-initial={admin?.username.slice(0, 1) ?? "·"}
          className="grid size-8 place-items-center rounded-full bg-[var(--accent)] text-sm font-bold text-[var(--accent-text)] uppercase before:content-[attr(data-initial)]"
        />
        <span className="hidden text-sm font-semibold sm:inline">{admin?.username ?? t("Account")}</span>
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      {open ? (
        <div
          role="menu"
          aria-label={t("Account")}
          className="absolute right-0 z-50 mt-2 w-60 overflow-hidden rounded-xl border border-[var(--line)] bg-[var(--surface)] py-2 shadow-xl"
        >
          {admin ? (
            <Link
              role="menuitem"
              to="/$username"
              params={{ username: admin.username }}
              className={item}
              onClick={() => setOpen(false)}
            >
              {t("Profile")}
            </Link>
          ) : null}
          <Link role="menuitem" to="/security" className={item} onClick={() => setOpen(false)}>
            {t("Security")}
          </Link>
          <button
            role="menuitemcheckbox"
            aria-checked={night}
            type="button"
            className={item}
            onClick={() => void toggleNight()}
          >
            {t("Night Mode")}
            <span className="ml-auto text-xs text-[var(--muted)]">{night ? t("On") : t("Off")}</span>
          </button>
          <button
            role="menuitem"
            type="button"
            className={item}
            disabled={uploading}
            onClick={() => {
              setOpen(false);
              fileInput.current?.click();
            }}
          >
            {uploading ? t("Uploading…") : t("Upload image")}
          </button>
          <button
            role="menuitem"
            type="button"
            className={item}
            onClick={() => {
              setOpen(false);
              adminSignOut(queryClient);
            }}
          >
            {t("Log Out")}
          </button>
        </div>
      ) : null}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4"
      >
        {notice ? (
          <p
            role={notice.error ? "alert" : "status"}
            className={`pointer-events-auto max-w-full rounded-lg px-4 py-3 text-sm wrap-anywhere shadow-lg ${notice.error ? "bg-[var(--danger)] text-[var(--danger-text)]" : "bg-[var(--surface-strong)] text-[var(--text)]"}`}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
