// A browser's User-Agent in a few words ("Firefox on Android"), for lists that tell a person where
// something was done from. A guess from well-known tokens, never used to decide anything.

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Headless)?(?:Chrome|Chromium|CriOS)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function describeUserAgent(agent: string | null | undefined): string {
  const ua = agent ?? "";
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "";
}

/** "Firefox on Android · 203.0.113.7 · BR": what a request says of where it came from. */
export function describeOrigin(headers: Headers, address: string): string {
  const country = headers.get("cf-ipcountry");
  return [describeUserAgent(headers.get("user-agent")), address, country && country !== "XX" ? country : ""]
    .filter(Boolean)
    .join(" · ")
    .slice(0, 200);
}
