import type { PostType } from "#shared/enums.ts";
import { isBlankBody } from "#shared/schemas/posts.ts";

/**
 * What a person has typed on the post form, kept on this device until it is posted or saved as a
 * draft: a reload, a slip of the back button or a visit to another page does not lose it. One per
 * account, so two people on one browser never see each other's words. Pictures are not kept (a
 * file cannot be stored in localStorage and would be large); the text is the part that hurts to lose.
 */
export interface LocalDraft {
  community_name: string;
  title: string;
  body: string;
  post_type: PostType;
}

const key = (username: string) => `agora.post-draft.${username.toLowerCase()}`;

export function readLocalDraft(username: string): LocalDraft | null {
  try {
    const raw = localStorage.getItem(key(username));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<LocalDraft>;
    const draft: LocalDraft = {
      community_name: typeof value.community_name === "string" ? value.community_name : "",
      title: typeof value.title === "string" ? value.title : "",
      body: typeof value.body === "string" ? value.body : "",
      post_type: value.post_type === "MEDIA" ? "MEDIA" : "TEXT",
    };
    return hasText(draft) ? draft : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(username: string, draft: LocalDraft): void {
  try {
    if (hasText(draft)) localStorage.setItem(key(username), JSON.stringify(draft));
    else localStorage.removeItem(key(username));
  } catch {
    // A full or refused storage only loses the copy on the device; the form still works.
  }
}

export function clearLocalDraft(username: string): void {
  try {
    localStorage.removeItem(key(username));
  } catch {
    // See writeLocalDraft.
  }
}

/** Whether the draft holds words worth keeping (an empty editor still writes "<p></p>"). */
export function hasText(draft: Pick<LocalDraft, "title" | "body">): boolean {
  return Boolean(draft.title.trim()) || !isBlankBody(draft.body);
}
