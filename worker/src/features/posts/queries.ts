// Every read and write of the posts feature (posts, drafts, votes, comments, the feed), one named
// function each, kept in queries/ by what it reads and re-exported here. Plain SQL through the
// metered handle, so `X-D1-Rows-Read` counts all a request read (docs/decisions/041); Drizzle only
// for a single row's write by key. Rows come back typed as Drizzle types them; json.ts turns them
// into the API's JSON, the services decide.

export * from "./queries/bookmarks";
export * from "./queries/comments";
export * from "./queries/drafts";
export * from "./queries/lists";
export * from "./queries/lookups";
export * from "./queries/new-posts";
export * from "./queries/posts";
export * from "./queries/rows";
export * from "./queries/votes";
