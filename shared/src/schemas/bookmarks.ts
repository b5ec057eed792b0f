import { z } from "../zod-jitless";

// Saved posts (bookmarks): what the Saved toggle answers. Apart from posts.ts, which the main
// site's first screen loads.

/** What saving or unsaving a post answers: whether it is saved now. */
export const bookmarkResultSchema = z.object({ bookmarked: z.boolean() });
export type BookmarkResult = z.infer<typeof bookmarkResultSchema>;
