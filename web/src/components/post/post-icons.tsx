import type { SVGProps } from "react";
import { Icon as BaseIcon } from "#client/ui/icons.tsx";

// Icons of a post card (vote, comments, share, pinned): the UI kit's icon at 18 px, hidden from
// screen readers (their buttons carry labels). The options menus' and the editor's are in
// web/src/features/posts/components/action-icons.tsx, apart from the first screen's.
export function Icon(props: SVGProps<SVGSVGElement> & { d: string }) {
  return <BaseIcon width="18" height="18" {...props} />;
}

type P = SVGProps<SVGSVGElement>;
export const UpvoteIcon = (p: P) => <Icon {...p} d="M12 4 4 13h5v7h6v-7h5z" />;
export const CommentIcon = (p: P) => (
  <Icon {...p} d="M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z" />
);
export const ShareIcon = (p: P) => (
  <Icon {...p} d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13" />
);
export const PinIcon = (p: P) => <Icon {...p} d="M12 17v5M5 17h14l-2-5V4H7v8z" />;
export const LockIcon = (p: P) => <Icon {...p} d="M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4" />;
