import type { User } from "#shared/schemas/user.ts";
import type { users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { deleteStoredFiles, storeUpload } from "#worker/lib/media.ts";
import { rateCounter } from "#worker/lib/rate-limits.ts";
import { NO_RELATION, toUser } from "#worker/lib/user-json.ts";
import { updateUserReturning, userById } from "./queries";
import { ACTIONS_PER_MINUTE, actionsKey } from "./service";

export interface ProfileEdit {
  profile_name?: string;
  headline?: string;
  bio?: string;
  links?: string[];
  profile_image?: File;
  profile_cover?: File;
  remove_profile_image?: "true" | "false";
  remove_profile_cover?: "true" | "false";
}

/**
 * `PATCH /api/v1/private/user/profile`: name, headline, bio, links, picture and cover. Pictures are checked by their
 * bytes and stored in R2 under new keys; the ones they replace are removed once the row points at
 * the new ones (seeded pictures are left alone).
 */
export async function editProfile(deps: Deps, userId: number, input: ProfileEdit): Promise<User> {
  const { db } = deps;
  // The minute's limit counts in the round trip of the person's read (the token check riding in it);
  // pictures are stored after it.
  const before = await userById(db, userId, rateCounter(db, actionsKey(userId), ACTIONS_PER_MINUTE));
  if (!before) fail(404, "This user does not exist");
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.profile_name !== undefined) changes.profileName = input.profile_name || null;
  if (input.headline !== undefined) changes.headline = input.headline;
  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.links !== undefined) changes.links = JSON.stringify(input.links);
  if (input.remove_profile_image === "true") changes.profileImage = null;
  if (input.remove_profile_cover === "true") changes.profileCover = null;
  if (input.profile_image) {
    const stored = await storeUpload(deps, {
      file: input.profile_image,
      ownerId: userId,
      field: "profile_image",
      accept: "image",
      folder: "profile",
    });
    changes.profileImage = stored.url;
  }
  if (input.profile_cover) {
    const stored = await storeUpload(deps, {
      file: input.profile_cover,
      ownerId: userId,
      field: "profile_cover",
      accept: "image",
      folder: "cover",
    });
    changes.profileCover = stored.url;
  }
  const after = Object.keys(changes).length === 0 ? before : await updateUserReturning(db, userId, changes);
  const replaced = [
    before.profileImage !== after.profileImage ? before.profileImage : null,
    before.profileCover !== after.profileCover ? before.profileCover : null,
  ].filter((url): url is string => url !== null && /^\/media\/(profile|cover)\//.test(url));
  await deleteStoredFiles(deps, replaced);
  return toUser(after, { ...NO_RELATION, isOwner: true });
}
