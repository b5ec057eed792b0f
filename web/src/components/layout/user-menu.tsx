import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { focusMenuItem, moveMenuFocus } from "#client/menu.ts";
import { useMenuButton } from "#client/menu-button.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { MoonIcon, SunIcon } from "#client/ui/icons.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { useToggleNightMode } from "#web/features/accounts/use-night-mode.ts";
import { LiveUpdates } from "#web/features/live/live-updates.tsx";
import { clearToken } from "#web/lib/auth-token.ts";
import { useLiveOpen } from "#web/lib/live-status.ts";
import { useUnread } from "#web/lib/session.ts";
import { useTheme } from "#web/lib/theme.ts";
import {
  BellIcon,
  BookmarkIcon,
  CardIcon,
  ChatIcon,
  LogoutIcon,
  SettingsIcon,
  UserIcon,
  WalletIcon,
} from "../ui/account-icons";
import { Avatar } from "../ui/avatar";
import { unreadBadge } from "../ui/unread-badge";

/** "Get started" while a step of the checklist is left: its code and count load with the menu. */
const GetStartedItem = lazy(() => import("#web/features/people/getting-started/menu-item.tsx"));

/** The notifications view both the bell and the menu item open: unread while there are any. */
function notificationsView(unread: number): "unread" | "all" {
  return unread > 0 ? "unread" : "all";
}

/** An icon link of the header with its unread count ("5+" above five), named for screen readers. */
function BadgeLink({
  to,
  search,
  icon,
  badge,
  label,
  testId,
}: {
  to: "/chat" | "/notifications";
  search?: { view: "unread" | "all" };
  icon: ReactNode;
  badge: string | null;
  label: string;
  testId: string;
}) {
  return (
    <Link
      to={to}
      search={search}
      className="relative grid size-10 place-items-center rounded-full hover:bg-[var(--hover)]"
      aria-label={label}
    >
      {icon}
      {badge ? (
        <span
          data-testid={testId}
          className="absolute top-1 right-0.5 min-w-5 rounded-full bg-[var(--danger)] px-1 text-center text-[10px] font-bold text-[var(--danger-text)]"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

/** The header's chat and notification links with their unread counts, and the user menu. */
export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { open, setOpen, start, buttonProps } = useMenuButton();
  const ref = useRef<HTMLDivElement>(null);
  const unread = useUnread(useLiveOpen());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toggleNight = useToggleNightMode();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        ref.current?.querySelector<HTMLElement>("[aria-haspopup=menu]")?.focus();
      }
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    focusMenuItem(ref.current?.querySelector("[role=menu]") ?? null, start);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, start, setOpen]);

  // Home first, then the session ends: a page that needs an account (Settings, Notifications) is
  // gone before it could ask the visitor to log in. The theme the person chose on this device stays.
  const logOut = async () => {
    setOpen(false);
    await navigate({ to: "/" });
    clearToken();
    queryClient.clear();
  };

  const chatBadge = unreadBadge(unread?.unread_chat_threads ?? 0);
  const notificationsBadge = unreadBadge(unread?.unread_notifications ?? 0);
  const view = notificationsView(unread?.unread_notifications ?? 0);
  const item =
    "flex w-full items-center gap-3 px-4 py-2 text-left text-sm hover:bg-[var(--hover)] focus:bg-[var(--hover)] outline-none";
  const night = useTheme() === "night";

  return (
    <div className="flex items-center gap-1" ref={ref}>
      {/* The signed-in tab's live socket: counts and lists change as things happen (ADR 109). */}
      <LiveUpdates />
      <BadgeLink
        to="/chat"
        icon={<ChatIcon />}
        badge={chatBadge}
        label={chatBadge ? t("Chat, {{unread}} unread", { unread: chatBadge }) : t("Chat")}
        testId="chat-badge"
      />
      <BadgeLink
        to="/notifications"
        search={{ view }}
        icon={<BellIcon />}
        badge={notificationsBadge}
        label={
          notificationsBadge
            ? t("Notifications, {{unread}} unread", { unread: notificationsBadge })
            : t("Notifications")
        }
        testId="notifications-badge"
      />
      <div className="relative">
        <button
          {...buttonProps}
          type="button"
          aria-label={t("Account menu for {{username}}", { username: me.username })}
          className="flex items-center gap-2 rounded-full p-1 hover:bg-[var(--hover)]"
        >
          <Avatar src={me.profile_image} name={me.username} size={32} />
        </button>
        {open ? (
          <div
            role="menu"
            aria-label={t("Account")}
            onKeyDown={(e) => {
              if (moveMenuFocus(e.currentTarget, e.key)) e.preventDefault();
              else if (e.key === "Tab") setOpen(false);
            }}
            className="absolute right-0 z-50 mt-2 w-60 overflow-hidden rounded-xl border border-[var(--line)] bg-[var(--surface)] py-2 shadow-xl"
          >
            <p className="wrap-anywhere px-4 pb-2 text-xs text-[var(--muted)]">@{me.username}</p>
            <Suspense fallback={null}>
              <GetStartedItem className={item} close={() => setOpen(false)} />
            </Suspense>
            <Link
              role="menuitem"
              to="/user/$username"
              params={{ username: me.username }}
              className={item}
              onClick={() => setOpen(false)}
            >
              <UserIcon /> {t("View Profile")}
            </Link>
            <Link role="menuitem" to="/saved" className={item} onClick={() => setOpen(false)}>
              <BookmarkIcon /> {t("Saved posts")}
            </Link>
            <Link
              role="menuitem"
              to="/settings/$tab"
              params={{ tab: "profile" }}
              className={item}
              onClick={() => setOpen(false)}
            >
              <SettingsIcon /> {t("Settings")}
            </Link>
            <Link
              role="menuitem"
              to="/user/$username/payments"
              params={{ username: me.username }}
              className={item}
              onClick={() => setOpen(false)}
            >
              <CardIcon /> {t("Payments")}
            </Link>
            <button role="menuitem" type="button" className={item} onClick={() => toggleNight()}>
              {night ? <SunIcon /> : <MoonIcon />} {t("Night Mode")}
              <span className="ml-auto text-xs text-[var(--muted)]">{night ? t("On") : t("Off")}</span>
            </button>
            <Link role="menuitem" to="/wallet" className={item} onClick={() => setOpen(false)}>
              <WalletIcon /> {t("Wallet")}
            </Link>
            <Link role="menuitem" to="/chat" className={item} onClick={() => setOpen(false)}>
              <ChatIcon /> {t("Chat")}
              {chatBadge ? (
                <span className="ml-auto text-xs font-bold text-[var(--danger)]">{chatBadge}</span>
              ) : null}
            </Link>
            <Link
              role="menuitem"
              to="/notifications"
              search={{ view }}
              className={item}
              onClick={() => setOpen(false)}
            >
              <BellIcon /> {t("Notifications")}
              {notificationsBadge ? (
                <span className="ml-auto text-xs font-bold text-[var(--danger)]">{notificationsBadge}</span>
              ) : null}
            </Link>
            <button role="menuitem" type="button" className={item} onClick={() => void logOut()}>
              <LogoutIcon /> {t("Log Out")}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
