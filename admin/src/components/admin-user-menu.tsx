import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { adminKeys, useAdminMe } from "../features/auth/session";
import { clearAdminToken } from "../lib/admin-token";
import { adminFetch } from "../lib/api";

/** The admin header menu: profile, night mode, log out. */
export function AdminUserMenu() {
  const { t } = useTranslation();
  const { admin } = useAdminMe();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const night = document.documentElement.dataset.theme !== "day";

  const toggleNight = () => {
    const next = night ? "day" : "night";
    document.documentElement.dataset.theme = next;
    localStorage.setItem("agora.admin.theme", next);
    if (admin) {
      queryClient.setQueryData(adminKeys.me, { ...admin, use_night_mode: next === "night" });
      void adminFetch("/api/admin/private/setting/boolean", {
        method: "PATCH",
        query: { admin_boolean_setting: "USE_NIGHT_MODE" },
      }).catch(() => undefined);
    }
    setOpen(false);
  };

  const item = "flex w-full items-center px-4 py-2 text-left text-sm hover:bg-[var(--hover)]";
  return (
    <div className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="btn btn-ghost"
      >
        {admin?.username ?? t("Account")}
      </button>
      {open ? (
        <div
          role="menu"
          className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-[var(--line)] bg-[var(--surface)] py-2 shadow-xl"
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
          <button role="menuitem" type="button" className={item} onClick={toggleNight}>
            {t("Night Mode")}: {night ? t("On") : t("Off")}
          </button>
          <button
            role="menuitem"
            type="button"
            className={item}
            onClick={() => {
              clearAdminToken();
              queryClient.clear();
            }}
          >
            {t("Log Out")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
