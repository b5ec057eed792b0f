import type { FeedOption } from "../enums/feed";
import type { Community } from "./communities";
import type { CursorPage, FeedItem } from "./posts";
import type { User } from "./user";

/** The id of the script element that carries a page's first screen (`FirstScreen`, JSON). */
export const FIRST_SCREEN_ELEMENT_ID = "agora-data";

/**
 * What a public page carries for the SPA's first screen (docs/decisions/132): the answers the SPA
 * would ask the API for first, exactly as the API answers a visitor (nobody signed in). Each field
 * is there only on its page; the SPA starts from it and does not ask again.
 */
export interface FirstScreen {
  /** The home page: the first page of the feed in `option` (`GET /api/v1/feed`). */
  feed?: { option: FeedOption; page: CursorPage<FeedItem> };
  /** A post's page: `GET /api/v1/micropost`. */
  post?: FeedItem;
  /** A community's page: `GET /api/v1/community` and the first page of its posts. */
  community?: { community: Community; posts: CursorPage<FeedItem> };
  /** A person's page: `GET /api/v1/user`. */
  profile?: User;
}
