import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useId, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { communitySchema } from "#shared/schemas/communities.ts";
import { z } from "#shared/zod-jitless.ts";
import { api } from "#web/lib/api.ts";
import { communityKeys } from "#web/lib/community-keys.ts";
import { joinCommunity } from "#web/lib/community-membership.ts";

// Shared UI, not a feature: the post form (posts) shows it, and it joins through the communities
// feature, as the right sidebar's Join buttons do (docs/decisions/138).

const SHOWN = 6;
const communityListSchema = z.object({ list: z.array(communitySchema) });

/**
 * Finding and joining a community from inside the post form, so that a person who has joined none
 * never has to leave what they are writing. The most active communities show first; typing narrows
 * them by name. Joining one chooses it for the post.
 */
export function CommunityJoinPanel({ onJoined }: { onJoined: (name: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const name = useDeferredValue(query.trim());
  const [joining, setJoining] = useState<string | null>(null);
  const found = useQuery({
    queryKey: [...communityKeys.root, "join-panel", name.toLowerCase()],
    queryFn: async ({ signal }) =>
      communityListSchema.parse(
        await api.get("/api/v1/community/list", {
          query: { sort: "top", limit: SHOWN, ...(name ? { name } : {}) },
          signal,
        }),
      ),
    staleTime: 30_000,
    meta: { silent: true },
  });
  const join = async (community: string) => {
    setJoining(community);
    try {
      const result = await joinCommunity(queryClient, community);
      await queryClient.invalidateQueries({ queryKey: communityKeys.mine() });
      onJoined(result.name);
    } catch {
      // The client has said what went wrong; the list stays for another try.
    } finally {
      setJoining(null);
    }
  };
  const list = found.data?.list ?? [];
  return (
    <div className="mt-2 rounded-lg border border-[var(--line)] p-3" data-testid="community-join-panel">
      <label htmlFor={id} className="text-sm font-semibold">
        {t("Find a community to join")}
      </label>
      <input
        id={id}
        type="search"
        className="field mt-1"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t("Community name")}
        autoComplete="off"
      />
      <ul className="mt-2 flex flex-col gap-1" aria-live="polite" aria-busy={found.isFetching}>
        {list.map((c) => (
          <li key={c.name} className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 truncate">
              c/{c.name}
              {c.display_name ? <span className="text-[var(--muted)]"> · {c.display_name}</span> : null}
            </span>
            {c.user_membership ? (
              <button
                type="button"
                className="btn btn-outline px-3 py-1 text-xs"
                onClick={() => onJoined(c.name)}
              >
                {t("Choose")}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary px-3 py-1 text-xs"
                disabled={joining !== null}
                onClick={() => void join(c.name)}
                aria-label={t("Join c/{{name}}", { name: c.name })}
              >
                {joining === c.name ? t("Joining...") : t("Join")}
              </button>
            )}
          </li>
        ))}
        {found.isSuccess && list.length === 0 ? (
          <li className="text-sm text-[var(--muted)]">{t("No community has that name.")}</li>
        ) : null}
        {found.isError ? (
          <li className="text-sm text-[var(--danger)]">{t("Could not load communities.")}</li>
        ) : null}
      </ul>
    </div>
  );
}
