import { pageQuerySchema } from "../api";
import { z } from "../zod-jitless";
import { ownerSchema } from "./user";

// Reactions on posts, comments and chat messages (docs/decisions/140). The messages are i18n keys:
// the SPA shows them with `t(message)`.

import {
  DEFAULT_REACTION_PALETTE,
  REACTION_PALETTE_MAX,
  REACTION_TARGETS,
  type ReactionTarget,
} from "../enums/reactions";

export { DEFAULT_REACTION_PALETTE, REACTION_PALETTE_MAX, REACTION_TARGETS, type ReactionTarget };

export const REACTION_MSG = {
  notInPalette: "Pick one of this palette's emoji",
  notAnEmoji: "Use one emoji",
  badMessageId: "A chat message is named thread_id:message_id",
  notFound: "Not found",
  paletteEmpty: "Choose at least one emoji",
  paletteMax: `A palette holds at most ${REACTION_PALETTE_MAX} emoji`,
  paletteRepeated: "Each emoji may be in the palette once",
  paletteInvalid: "The palette is a JSON list of emoji",
} as const;

/**
 * Whether `text` is exactly one emoji of Unicode's recommended (RGI) set. The `v` flag's property of
 * strings is built at run time so older type targets still compile it.
 */
export function isRgiEmoji(text: string): boolean {
  try {
    // biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag needs an es2024 type target.
    return new RegExp("^\\p{RGI_Emoji}$", "v").test(text);
  } catch {
    // An engine without the `v` flag: one grapheme of emoji presentation, no letters or digits.
    return /^\p{Extended_Pictographic}(?:\p{Extended_Pictographic}|\u200d|\ufe0f|[\u{1f3fb}-\u{1f3ff}])*$/u.test(
      text,
    );
  }
}

export const reactionEmojiSchema = z
  .string({ error: REACTION_MSG.notAnEmoji })
  .max(32, REACTION_MSG.notAnEmoji)
  .refine(isRgiEmoji, REACTION_MSG.notAnEmoji);

/**
 * A community's own palette (docs/decisions/166): 1 to 12 distinct emoji of Unicode's RGI set, in
 * the order the picker offers them.
 */
export const reactionPaletteSchema = z
  .array(z.string({ error: REACTION_MSG.notAnEmoji }).trim().pipe(reactionEmojiSchema), {
    error: REACTION_MSG.paletteInvalid,
  })
  .min(1, REACTION_MSG.paletteEmpty)
  .max(REACTION_PALETTE_MAX, REACTION_MSG.paletteMax)
  .refine((list) => new Set(list).size === list.length, REACTION_MSG.paletteRepeated);
export type ReactionPalette = z.infer<typeof reactionPaletteSchema>;

/** `reaction_palette` as a multipart field of the community's edit: a JSON list. */
export const reactionPaletteFieldSchema = z
  .string()
  .max(REACTION_PALETTE_MAX * 40, REACTION_MSG.paletteMax)
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: REACTION_MSG.paletteInvalid });
      return z.NEVER;
    }
  })
  .pipe(reactionPaletteSchema);

/** An item's reactions: one entry per emoji anyone reacted with, in the order they first did. */
export const reactionSchema = z.object({
  emoji: z.string(),
  /** People who reacted with it, leaving out those the viewer blocked. */
  total: z.number().int(),
  /** Whether the viewer is one of them. */
  reacted: z.boolean(),
});
export type Reaction = z.infer<typeof reactionSchema>;

/**
 * What a reaction names: a post's or a comment's public id; a chat message as
 * `{thread public_id}:{message id}`.
 */
export const reactionTargetSchema = z.object({
  target_type: z.enum(REACTION_TARGETS),
  public_id: z.string().trim().min(1, "Required").max(64),
});

/** An emoji as a request names it; whether the item's palette holds it is the server's 400. */
const emojiFieldSchema = z.string({ error: "Required" }).min(1, "Required").max(32, REACTION_MSG.notAnEmoji);

/** `PUT` and `DELETE /api/v1/private/user/reaction`. */
export const reactionInputSchema = reactionTargetSchema.extend({ emoji: emojiFieldSchema });
export type ReactionInput = z.infer<typeof reactionInputSchema>;

/** What both answer: the item's reactions after the change. */
export const reactionResultSchema = z.object({ reactions: z.array(reactionSchema) });
export type ReactionResult = z.infer<typeof reactionResultSchema>;

/** `GET /api/v1/reaction/list`: who reacted to an item with one emoji, newest first. */
export const reactionListQuerySchema = pageQuerySchema.extend({
  target_type: reactionTargetSchema.shape.target_type,
  public_id: reactionTargetSchema.shape.public_id,
  emoji: emojiFieldSchema,
});

export const reactorSchema = z.object({ user: ownerSchema, created_at: z.string() });
export type Reactor = z.infer<typeof reactorSchema>;

/** A chat message's public id for reactions. */
export const messageReactionId = (threadPublicId: string, messageId: number) =>
  `${threadPublicId}:${messageId}`;

/** The palette an item offers: its community's own (stored as a JSON list), else the default one. */
export function paletteOf(stored: string | null | undefined): string[] {
  if (!stored) return [...DEFAULT_REACTION_PALETTE];
  try {
    const list = JSON.parse(stored) as unknown;
    if (Array.isArray(list) && list.length > 0 && list.every((e) => typeof e === "string")) return list;
  } catch {
    // A palette that cannot be read offers the default one.
  }
  return [...DEFAULT_REACTION_PALETTE];
}
