import type { SVGProps } from "react";
import { Icon } from "#client/ui/icons.tsx";

// The chat's own icons, drawn with the UI kit's icon (20 px, hidden from screen readers: their
// buttons carry the labels).
type P = SVGProps<SVGSVGElement>;
export const SendIcon = (p: P) => <Icon {...p} d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z" />;
export const ImageIcon = (p: P) => (
  <Icon {...p} d="M3 5h18v14H3zM8.5 10.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 19" />
);
export const SmileIcon = (p: P) => (
  <Icon {...p} d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01" />
);
export const TrashIcon = (p: P) => <Icon {...p} d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />;
export const ArrowLeftIcon = (p: P) => <Icon {...p} d="M19 12H5M12 19l-7-7 7-7" />;
export const LinkIcon = (p: P) => (
  <Icon
    {...p}
    d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"
  />
);
export const NewChatIcon = (p: P) => (
  <Icon {...p} d="M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12zM12 8v8M8 12h8" />
);
export const ClockIcon = (p: P) => <Icon {...p} d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2" />;
export const GroupIcon = (p: P) => (
  <Icon
    {...p}
    d="M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8"
  />
);
export const ReplyIcon = (p: P) => <Icon {...p} d="M9 17l-5-5 5-5M4 12h11a5 5 0 0 1 5 5v2" />;
