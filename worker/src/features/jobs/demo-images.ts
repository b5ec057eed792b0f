import type { Deps } from "#worker/deps.ts";

/** A rounded square with initials: a logo that needs no network. */
export function initialsSvg(text: string, hue: number): string {
  const initials = text
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<rect width="128" height="128" rx="28" fill="hsl(${hue},65%,45%)"/>
<circle cx="100" cy="28" r="14" fill="hsl(${(hue + 60) % 360},80%,70%)"/>
<text x="50%" y="56%" dominant-baseline="middle" text-anchor="middle" font-family="system-ui,sans-serif" font-size="52" font-weight="700" fill="#fff">${initials}</text></svg>`;
}

export async function putSvg(deps: Deps, key: string, svg: string): Promise<string> {
  await deps.env.MEDIA.put(key, svg, { httpMetadata: { contentType: "image/svg+xml" } });
  return `/media/${key}`;
}
