// What the reaction bar needs on the first screen, without zod (the schemas are in
// shared/src/schemas/reactions.ts, which re-exports these).

export const REACTION_TARGETS = ["POST", "COMMENT", "MESSAGE"] as const;
export type ReactionTarget = (typeof REACTION_TARGETS)[number];

/** The palette every item offers unless its community chose its own. */
export const DEFAULT_REACTION_PALETTE = ["👍", "❤️", "😂", "😮", "😢", "🎉", "🙏", "👀"] as const;
/** A community's own palette holds at most this many emoji. */
export const REACTION_PALETTE_MAX = 12;
