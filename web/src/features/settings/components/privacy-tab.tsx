import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { Me } from "#shared/schemas/user.ts";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { PersonRow } from "#web/features/people/components/person-row.tsx";
import { useBlock } from "#web/features/people/mutations.ts";
import { blockedQueryOptions } from "#web/features/people/queries.ts";
import { formatRelative } from "#web/lib/format.ts";
import { SettingSwitch } from "./setting-switch";

/** Who may start a chat, whether search engines list one's pages, the people one blocked, and whether the composer asks for picture descriptions. */
export function PrivacyTab({ me }: { me: Me }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <SettingsSection title={t("Privacy")}>
        <SettingSwitch
          me={me}
          setting="ALLOW_NEW_CHAT"
          label={t("Allow new chats")}
          description={t("Anyone you have not blocked can start a chat with you.")}
        />
        <SettingSwitch
          me={me}
          setting="SHOW_BLOCKED_LIST"
          label={t("Show blocked list")}
          description={t("See the people you blocked, and unblock them.")}
        />
        <SettingSwitch
          me={me}
          setting="SEARCH_ENGINE_INDEXING"
          label={t("Show my profile and posts to search engines")}
          description={t(
            "Search engines may list your profile and posts. Off: your pages ask search engines not to list them, and they leave the site map.",
          )}
        />
        <SettingSwitch
          me={me}
          setting="SHOW_ONLINE"
          label={t("Show when I'm online")}
          description={t(
            "People you chat with see when you are online, and you see when they are. Off: nobody sees you online and you see nobody.",
          )}
        />
      </SettingsSection>
      <SettingsSection title={t("Accessibility")}>
        <SettingSwitch
          me={me}
          setting="REQUIRE_ALT_TEXT"
          label={t("Ask for picture descriptions")}
          description={t("Before you post a picture, describe it for people who use a screen reader.")}
        />
      </SettingsSection>
      {me.settings.SHOW_BLOCKED_LIST ? <BlockedList /> : null}
    </div>
  );
}

function BlockedList() {
  const { t } = useTranslation();
  const blocked = useInfiniteQuery(blockedQueryOptions());
  const items = blocked.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="card" aria-label={t("Blocked people")} data-testid="blocked-list">
      <h2 className="px-4 pt-4 text-base font-semibold">{t("Blocked people")}</h2>
      {blocked.isError ? (
        <div className="p-4">
          <LoadError error={blocked.error} retry={blocked.refetch} />
        </div>
      ) : !blocked.isPending && items.length === 0 ? (
        <p className="px-4 pt-1 pb-4 text-sm text-[var(--muted)]">{t("You have not blocked anyone.")}</p>
      ) : (
        <ul className="divide-y divide-[var(--line)]">
          {items.map((item) => (
            <PersonRow
              key={item.owner.username}
              person={item.owner}
              meta={t("Blocked {{when}}", { when: formatRelative(item.created_at) })}
              action={<UnblockButton username={item.owner.username} />}
            />
          ))}
        </ul>
      )}
      <InfiniteFooter query={blocked} />
    </section>
  );
}

function UnblockButton({ username }: { username: string }) {
  const { t } = useTranslation();
  const unblock = useBlock(username);
  return (
    <button
      type="button"
      className="btn btn-outline px-3 py-1 text-xs"
      disabled={unblock.isPending}
      aria-label={t("Unblock @{{username}}", { username })}
      onClick={() =>
        unblock.mutate(false, {
          onSuccess: () =>
            showSnackbar({ message: t(PEOPLE_MSG.unblocked, { username }), variant: "success" }),
        })
      }
    >
      {t("Unblock")}
    </button>
  );
}
