import type { JobCategory } from "#shared/enums.ts";

// Art for a service without a picture: its category's symbol on the category's own gradient, drawn
// as a small inline SVG that scales to any box without clipping (no letters to cut off).

const ART: Record<JobCategory, { from: string; to: string; d: string }> = {
  // Angle brackets and a slash.
  PROGRAMMING: { from: "#1e3a8a", to: "#0ea5e9", d: "M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" },
  // Two linked blocks.
  BLOCKCHAIN: {
    from: "#312e81",
    to: "#8b5cf6",
    d: "M3 6h7v7H3zM14 11h7v7h-7zM10 9.5h2.5a1.5 1.5 0 0 1 1.5 1.5v3",
  },
  // A pen nib over a stroke.
  DESIGN: { from: "#831843", to: "#f472b6", d: "M12 3l6 8-6 7-6-7zM12 3v8M9 21h6" },
  // A megaphone.
  MARKETING: { from: "#7c2d12", to: "#fb923c", d: "M3 10v4h3l8 5V5L6 10zM18 8a5 5 0 0 1 0 8M7 14l1 5" },
  // A headset.
  CUSTOMERSUPPORT: {
    from: "#064e3b",
    to: "#34d399",
    d: "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3zM20 19a3 3 0 0 1-3 3h-3",
  },
  // A pencil writing a line.
  WRITING: { from: "#0c4a6e", to: "#38bdf8", d: "M15 4l5 5-10 10H5v-5zM13 6l5 5M4 22h16" },
  // A box.
  PRODUCT: { from: "#3f3f46", to: "#a1a1aa", d: "M12 2l9 5v10l-9 5-9-5V7zM3 7l9 5 9-5M12 12v10" },
  // A wrench.
  SERVICE: {
    from: "#134e4a",
    to: "#2dd4bf",
    d: "M15 4a5 5 0 0 0-5 6.5L3 17.5 6.5 21l7-7A5 5 0 0 0 20 9l-3 3-3-1-1-3z",
  },
  // Two people.
  HUMANRESOURCE: {
    from: "#713f12",
    to: "#facc15",
    d: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14a6 6 0 0 1 4 7",
  },
  // A spark.
  ELSE: {
    from: "#4c1d95",
    to: "#c084fc",
    d: "M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6",
  },
};

/** The category's art filling its box: a gradient with the symbol centred at a fixed share of the height. */
export function CategoryArt({ category, className = "" }: { category: JobCategory; className?: string }) {
  const art = ART[category] ?? ART.ELSE;
  const id = `cat-art-${category}`;
  return (
    <svg
      aria-hidden="true"
      data-testid="category-art"
      data-category={category}
      className={className}
      viewBox="0 0 160 90"
      preserveAspectRatio="xMidYMid slice"
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={art.from} />
          <stop offset="1" stopColor={art.to} />
        </linearGradient>
      </defs>
      <rect width="160" height="90" fill={`url(#${id})`} />
      <circle cx="132" cy="14" r="30" fill="#fff" opacity=".08" />
      <circle cx="22" cy="84" r="24" fill="#fff" opacity=".06" />
      <g transform="translate(62 27) scale(1.5)">
        <path
          d={art.d}
          fill="none"
          stroke="#fff"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
          opacity=".92"
        />
      </g>
    </svg>
  );
}
