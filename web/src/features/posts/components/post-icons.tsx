import type { SVGProps } from "react";
import { Icon as BaseIcon } from "#web/components/ui/icons.tsx";

// Icons of posts and comments: the UI kit's icon at 18 px, hidden from screen readers (their
// buttons carry labels).
function Icon(props: SVGProps<SVGSVGElement> & { d: string }) {
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
export const ImageIcon = (p: P) => <Icon {...p} d="M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01" />;
export const TextIcon = (p: P) => <Icon {...p} d="M4 6h16M4 12h16M4 18h10" />;
export const EditIcon = (p: P) => <Icon {...p} d="M4 20h4L19 9l-4-4L4 16zM13 7l4 4" />;
export const TrashIcon = (p: P) => <Icon {...p} d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />;
export const FlagIcon = (p: P) => <Icon {...p} d="M5 21V4h11l-1 4 4 4H5" />;
export const CopyIcon = (p: P) => <Icon {...p} d="M8 8h12v12H8zM4 16V4h12" />;
export const LinkIcon = (p: P) => (
  <Icon
    {...p}
    d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
  />
);
export const TipIcon = (p: P) => (
  <Icon {...p} d="M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />
);
export const DraftIcon = (p: P) => <Icon {...p} d="M6 2h9l5 5v15H6zM14 2v6h6" />;
