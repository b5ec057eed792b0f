/**
 * Illustrations for the demo data, drawn offline as SVG: a landscape (sky, sun, layered hills)
 * with a subject in front, so blog covers and featured cards look like a real site's art rather
 * than a letter on a gradient. Deterministic: the same seed draws the same picture.
 */

export type Subject =
  | "megaphone"
  | "people"
  | "shield"
  | "camera"
  | "badge"
  | "briefcase"
  | "book"
  | "cloud"
  | "chat"
  | "code"
  | "photo";

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  hills: [string, string, string];
  ink: string;
  paper: string;
}

const PALETTES: Palette[] = [
  {
    skyTop: "#1e1b4b",
    skyBottom: "#7c3aed",
    sun: "#fbbf24",
    hills: ["#4c1d95", "#3b0764", "#2e1065"],
    ink: "#1e1b4b",
    paper: "#f5f3ff",
  },
  {
    skyTop: "#0c4a6e",
    skyBottom: "#38bdf8",
    sun: "#fef08a",
    hills: ["#0e7490", "#155e75", "#164e63"],
    ink: "#082f49",
    paper: "#f0f9ff",
  },
  {
    skyTop: "#7c2d12",
    skyBottom: "#fb923c",
    sun: "#fef3c7",
    hills: ["#c2410c", "#9a3412", "#7c2d12"],
    ink: "#431407",
    paper: "#fff7ed",
  },
  {
    skyTop: "#064e3b",
    skyBottom: "#34d399",
    sun: "#fefce8",
    hills: ["#047857", "#065f46", "#064e3b"],
    ink: "#022c22",
    paper: "#ecfdf5",
  },
  {
    skyTop: "#831843",
    skyBottom: "#f472b6",
    sun: "#fde68a",
    hills: ["#be185d", "#9d174d", "#831843"],
    ink: "#500724",
    paper: "#fdf2f8",
  },
];

/** A small seeded generator (mulberry32): the same seed, the same picture. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A ridge across the width at `base` height, closed down to the bottom edge. */
function ridge(rand: () => number, w: number, h: number, base: number, amplitude: number): string {
  const steps = 8;
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) points.push([(w / steps) * i, base - rand() * amplitude]);
  let d = `M0 ${h} L0 ${r1(points[0]![1])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const mx = (x0 + x1) / 2;
    d += ` C${r1(mx)} ${r1(y0)} ${r1(mx)} ${r1(y1)} ${r1(x1)} ${r1(y1)}`;
  }
  return `${d} L${w} ${h} Z`;
}

/** The subject, drawn around (0, 0) at about 120 px tall, in the palette's ink and paper. */
function subjectArt(subject: Subject, p: Palette): string {
  const { ink, paper, sun } = p;
  switch (subject) {
    case "megaphone":
      return `<path d="M-60 -20 L20 -55 L20 55 L-60 20 Z" fill="${paper}"/><rect x="-78" y="-22" width="20" height="44" rx="6" fill="${ink}"/>
<rect x="-58" y="18" width="16" height="40" rx="5" fill="${ink}"/><path d="M34 -30 Q52 0 34 30" stroke="${paper}" stroke-width="7" fill="none" stroke-linecap="round"/>
<path d="M48 -48 Q76 0 48 48" stroke="${paper}" stroke-width="7" fill="none" stroke-linecap="round" opacity=".7"/>`;
    case "people":
      return [-52, 0, 52]
        .map(
          (x, i) =>
            `<circle cx="${x}" cy="${-30 + (i === 1 ? -10 : 0)}" r="${i === 1 ? 24 : 20}" fill="${paper}"/><path d="M${x - 34} ${52} Q${x} ${i === 1 ? -8 : 0} ${x + 34} 52 Z" fill="${i === 1 ? sun : paper}"/>`,
        )
        .join("");
    case "shield":
      return `<path d="M0 -62 L52 -42 L52 2 Q52 44 0 64 Q-52 44 -52 2 L-52 -42 Z" fill="${paper}"/>
<path d="M0 -44 L36 -30 L36 2 Q36 32 0 46 Z" fill="${sun}" opacity=".85"/><rect x="-16" y="-6" width="32" height="26" rx="4" fill="${ink}"/>
<path d="M-9 -6 V-16 A9 9 0 0 1 9 -16 V-6" stroke="${ink}" stroke-width="5" fill="none"/>`;
    case "camera":
      return `<rect x="-70" y="-38" width="140" height="92" rx="14" fill="${paper}"/><rect x="-30" y="-54" width="52" height="20" rx="6" fill="${paper}"/>
<circle cx="0" cy="8" r="34" fill="${ink}"/><circle cx="0" cy="8" r="22" fill="${sun}" opacity=".9"/><circle cx="-8" cy="0" r="6" fill="${paper}" opacity=".8"/>
<circle cx="48" cy="-22" r="6" fill="${sun}"/>`;
    case "badge":
      return `<path d="M0 -64 L17 -50 L39 -54 L44 -32 L63 -20 L53 0 L63 20 L44 32 L39 54 L17 50 L0 64 L-17 50 L-39 54 L-44 32 L-63 20 L-53 0 L-63 -20 L-44 -32 L-39 -54 L-17 -50 Z" fill="${paper}"/>
<circle r="38" fill="${sun}"/><path d="M-18 0 L-5 14 L20 -14" stroke="${ink}" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
    case "briefcase":
      return `<rect x="-72" y="-30" width="144" height="92" rx="12" fill="${paper}"/><path d="M-26 -30 V-48 Q-26 -56 -18 -56 H18 Q26 -56 26 -48 V-30" stroke="${paper}" stroke-width="9" fill="none"/>
<rect x="-72" y="4" width="144" height="8" fill="${ink}" opacity=".25"/><rect x="-12" y="-2" width="24" height="20" rx="4" fill="${sun}"/>`;
    case "book":
      return `<path d="M0 -40 Q-40 -58 -80 -44 V52 Q-40 38 0 56 Z" fill="${paper}"/><path d="M0 -40 Q40 -58 80 -44 V52 Q40 38 0 56 Z" fill="${paper}" opacity=".85"/>
${[-22, -6, 10, 26].map((y) => `<path d="M-66 ${y} Q-38 ${y - 8} -12 ${y + 2}" stroke="${ink}" stroke-width="4" opacity=".35" fill="none"/>`).join("")}
<rect x="-3" y="-40" width="6" height="96" fill="${sun}"/>`;
    case "cloud":
      return `<path d="M-70 40 Q-96 40 -92 14 Q-88 -10 -62 -8 Q-56 -46 -16 -46 Q20 -46 30 -16 Q64 -24 74 6 Q96 10 90 32 Q86 44 66 44 Z" fill="${paper}"/>
<path d="M-8 -10 L-26 18 H-4 L-14 44 L22 6 H0 L12 -10 Z" fill="${sun}"/>`;
    case "chat":
      return `<path d="M-80 -46 H30 Q44 -46 44 -32 V14 Q44 28 30 28 H-36 L-60 50 V28 H-80 Q-94 28 -94 14 V-32 Q-94 -46 -80 -46 Z" fill="${paper}"/>
<path d="M0 -10 H82 Q96 -10 96 4 V40 Q96 54 82 54 H70 V74 L48 54 H0 Q-14 54 -14 40 V4 Q-14 -10 0 -10 Z" fill="${sun}"/>
${[-60, -38, -16].map((x) => `<circle cx="${x}" cy="-10" r="7" fill="${ink}" opacity=".6"/>`).join("")}`;
    case "code":
      return `<rect x="-84" y="-56" width="168" height="112" rx="12" fill="${paper}"/><rect x="-84" y="-56" width="168" height="20" rx="10" fill="${ink}"/>
${[-72, -60, -48].map((x) => `<circle cx="${x}" cy="-46" r="4" fill="${sun}"/>`).join("")}
<path d="M-34 -14 L-58 10 L-34 34 M34 -14 L58 10 L34 34" stroke="${ink}" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M10 -18 L-10 38" stroke="${sun}" stroke-width="9" stroke-linecap="round"/>`;
    case "photo":
      return `<rect x="-70" y="-58" width="120" height="96" rx="6" fill="${paper}" transform="rotate(-8)"/>
<rect x="-44" y="-44" width="120" height="96" rx="6" fill="${paper}"/><rect x="-34" y="-34" width="100" height="62" fill="${ink}" opacity=".85"/>
<circle cx="36" cy="-16" r="9" fill="${sun}"/><path d="M-34 28 L-4 -6 L18 16 L34 2 L66 28 Z" fill="${sun}" opacity=".8"/>`;
  }
}

/**
 * A 640×320 (or `size`) illustration: sky, sun, three ridges and the subject. `seed` varies the
 * hills and the sun's place; `palette` picks the colours (any integer).
 */
export function illustration(
  subject: Subject | null,
  seed: number,
  palette: number,
  size: { w: number; h: number } = { w: 640, h: 320 },
): string {
  const p = PALETTES[Math.abs(palette) % PALETTES.length]!;
  const rand = random(seed * 7919 + palette);
  const { w, h } = size;
  const sunX = r1(w * (0.15 + rand() * 0.2));
  const sunY = r1(h * (0.22 + rand() * 0.12));
  const stars = Array.from({ length: 14 }, () => {
    const x = r1(rand() * w);
    const y = r1(rand() * h * 0.45);
    return `<circle cx="${x}" cy="${y}" r="${r1(0.8 + rand() * 1.4)}" fill="#fff" opacity="${r1(0.3 + rand() * 0.5)}"/>`;
  }).join("");
  const ridges = p.hills
    .map(
      (fill, i) =>
        `<path d="${ridge(rand, w, h, h * (0.58 + i * 0.13), h * (0.16 - i * 0.03))}" fill="${fill}"/>`,
    )
    .join("");
  const scale = r1(h / 320);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${p.sun}" stop-opacity=".55"/><stop offset="1" stop-color="${p.sun}" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars}
<circle cx="${sunX}" cy="${sunY}" r="${r1(h * 0.3)}" fill="url(#glow)"/><circle cx="${sunX}" cy="${sunY}" r="${r1(h * 0.11)}" fill="${p.sun}"/>
${ridges}
${subject ? `<g transform="translate(${r1(w * 0.66)} ${r1(h * 0.5)}) scale(${scale})"><ellipse cx="0" cy="78" rx="92" ry="12" fill="#000" opacity=".18"/>${subjectArt(subject, p)}</g>` : ""}
</svg>`;
}

/** A banner with no subject (profile covers): the sky, the sun and the hills, 960×320. */
export function landscape(seed: number, palette: number): string {
  return illustration(null, seed, palette, { w: 960, h: 320 });
}
