import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { communityPostsQueryOptions } from "../queries";
import { PostList } from "./post-list";

/**
 * The posts of a community page, pinned first; an invitation to write the first when there are
 * none. `name` is the name as in the address (it keys the query); `community` the loaded one.
 */
export function CommunityPosts({ name, community }: { name: string; community: Community }) {
  const { t } = useTranslation();
  const posts = useInfiniteQuery(communityPostsQueryOptions(name));
  return (
    <PostList
      query={posts}
      showCommunity={false}
      label={t("Posts in c/{{name}}", { name: community.name })}
      empty={
        <EmptyState title={t("There is nothing here yet")} home={false} as="h2">
          <p>{t("Make one and get this feed started")}</p>
          <Link to="/post" search={{ community_name: community.name }} className="btn btn-primary mt-4">
            {t("Create a post")}
          </Link>
        </EmptyState>
      }
    />
  );
}
