import type { SVGProps } from "react";
import { Icon } from "#client/ui/icons.tsx";

// The account menu's icons and the pages it leads to (chat, notifications, wallet, settings): kept
// apart from the header's (icons.tsx), which the first screen loads.
type P = SVGProps<SVGSVGElement>;
export const ChatIcon = (p: P) => <Icon {...p} d="M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z" />;
export const BellIcon = (p: P) => <Icon {...p} d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10 21h4" />;
export const UserIcon = (p: P) => (
  <Icon {...p} d="M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10z" />
);
export const WalletIcon = (p: P) => <Icon {...p} d="M3 7h18v13H3zM3 7l3-4h12l3 4M16 13h2" />;
export const SettingsIcon = (p: P) => (
  <Icon
    {...p}
    d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7 7 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7 7 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z"
  />
);
export const LogoutIcon = (p: P) => (
  <Icon {...p} d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
);
export const ExternalLinkIcon = (p: P) => (
  <Icon {...p} d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
);
export const CardIcon = (p: P) => <Icon {...p} d="M2 5h20v14H2zM2 10h20" />;
export const BookmarkIcon = (p: P) => <Icon {...p} d="M6 3h12v18l-6-4-6 4z" />;
