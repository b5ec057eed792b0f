import type { SVGProps } from "react";

// Small inline icons (24×24 strokes), hidden from screen readers: their buttons carry labels.
export function Icon({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;
export const SearchIcon = (p: P) => <Icon {...p} d="M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zm10 2-4.35-4.35" />;
export const MenuIcon = (p: P) => <Icon {...p} d="M3 6h18M3 12h18M3 18h18" />;
export const CloseIcon = (p: P) => <Icon {...p} d="M18 6 6 18M6 6l12 12" />;
export const HomeIcon = (p: P) => <Icon {...p} d="M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z" />;
export const ChatIcon = (p: P) => <Icon {...p} d="M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z" />;
export const BellIcon = (p: P) => <Icon {...p} d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10 21h4" />;
export const MoonIcon = (p: P) => <Icon {...p} d="M21 12.8A9 9 0 1 1 11.2 3 7 7 0 0 0 21 12.8z" />;
export const SunIcon = (p: P) => (
  <Icon
    {...p}
    d="M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2m0 18v2M4.2 4.2l1.4 1.4m12.8 12.8 1.4 1.4M1 12h2m18 0h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4"
  />
);
export const PlusIcon = (p: P) => <Icon {...p} d="M12 5v14M5 12h14" />;
export const ChevronLeft = (p: P) => <Icon {...p} d="m15 18-6-6 6-6" />;
export const ChevronRight = (p: P) => <Icon {...p} d="m9 18 6-6-6-6" />;
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
export const GlobeIcon = (p: P) => (
  <Icon
    {...p}
    d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20"
  />
);
