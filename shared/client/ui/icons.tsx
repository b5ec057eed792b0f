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
export const MoonIcon = (p: P) => <Icon {...p} d="M21 12.8A9 9 0 1 1 11.2 3 7 7 0 0 0 21 12.8z" />;
export const SunIcon = (p: P) => (
  <Icon
    {...p}
    d="M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2m0 18v2M4.2 4.2l1.4 1.4m12.8 12.8 1.4 1.4M1 12h2m18 0h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4"
  />
);
export const ChevronLeft = (p: P) => <Icon {...p} d="m15 18-6-6 6-6" />;
export const ChevronRight = (p: P) => <Icon {...p} d="m9 18 6-6-6-6" />;
export const GlobeIcon = (p: P) => (
  <Icon
    {...p}
    d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20"
  />
);
