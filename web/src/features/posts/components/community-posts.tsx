import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FlairChip } from "#web/components/ui/flair-chip.tsx";
import { flairsQueryOptions } from "#web/lib/community-moderation.ts";
import { useMe } from "#web/lib/session.ts";
import { communityPostsQueryOptions, postKeys } from "../queries";
import { PostList } from "./post-list";

/** "Hide read" and "Mark all read", for the signed-in. */
const ReadControls = lazy(() => import("#web/components/read-controls.tsx"));

/**
 * The posts of a community page, pinned first; an invitation to write the first when there are
 * none. `name` is the name as in the address (it keys the query); `community` the loaded one.
 */
export function CommunityPosts({ name, community }: { name: string; community: Community }) {
  const { t } = useTranslation();
  const [flairId, setFlairId] = useState<number | null>(null);
  const { me } = useMe();
  const hideRead = me?.settings?.HIDE_READ === true;
  const [showMuted, setShowMuted] = useState(false);
  const posts = useInfiniteQuery(communityPostsQueryOptions(name, flairId, hideRead, showMuted));
  const box = useRef<HTMLDivElement>(null);
  const flairs = useQuery(flairsQueryOptions(name));
  return (
    <>
      {me ? (
        <div className="card flex min-h-14 items-center px-3 py-2">
          <Suspense fallback={null}>
            <ReadControls
              target={{ community_name: community.name }}
              listBox={box}
              listKey={postKeys.community(name)}
            />
          </Suspense>
        </div>
      ) : null}
      {flairs.data?.length ? (
        <fieldset className="flex flex-wrap gap-2" data-testid="flair-filter">
          <legend className="sr-only">{t("Filter by flair")}</legend>
          <button
            type="button"
            aria-pressed={flairId === null}
            className={`rounded-full border px-3 py-1 text-xs font-semibold ${
              flairId === null
                ? "border-[var(--accent)] bg-[var(--accent)] text-[var(--accent-text)]"
                : "border-[var(--line)]"
            }`}
            onClick={() => setFlairId(null)}
          >
            {t("All")}
          </button>
          {flairs.data.map((f) => (
            <button
              key={f.id}
              type="button"
              aria-pressed={flairId === f.id}
              className={`rounded-full ${flairId === f.id ? "outline-2 outline-offset-2 outline-[var(--accent)]" : ""}`}
              onClick={() => setFlairId(flairId === f.id ? null : f.id)}
            >
              <FlairChip flair={f} />
            </button>
          ))}
        </fieldset>
      ) : null}
      <div ref={box} className="contents">
        <PostList
          query={posts}
          showCommunity={false}
          label={t("Posts in c/{{name}}", { name: community.name })}
          onShowMuted={() => setShowMuted(true)}
          empty={
            hideRead ? (
              <EmptyState title={t("You have read everything here")} home={false} as="h2">
                <p>{t("Turn off Hide read to see them again")}</p>
              </EmptyState>
            ) : (
              <EmptyState title={t("There is nothing here yet")} home={false} as="h2">
                <p>{t("Make one and get this feed started")}</p>
                <Link to="/post" search={{ community_name: community.name }} className="btn btn-primary mt-4">
                  {t("Create a post")}
                </Link>
              </EmptyState>
            )
          }
        />
      </div>
    </>
  );
}
