import { chromium } from "playwright-core";
const base = process.env.BASE ?? "http://localhost:8790";
const out = "/work/shots/44";
import { mkdirSync } from "node:fs";
mkdirSync(out, { recursive: true });
const login = async () => {
  const r = await fetch(`${base}/api/v1/user/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "carmen", password: "password" }) });
  return (await r.json()).access_token;
};
const token = await login();
const me = async () => (await (await fetch(`${base}/api/v1/private/user/me`, { headers: { authorization: `Bearer ${token}` } })).json());
const setNight = async (night) => {
  const m = await me();
  if (Boolean(m.use_night_mode) !== night)
    await fetch(`${base}/api/v1/private/user/setting/boolean?user_boolean_setting=USE_NIGHT_MODE`, { method: "PATCH", headers: { authorization: `Bearer ${token}` } });
};
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
for (const [theme, width, lang] of [["night", 1280, "en"], ["day", 390, "es"], ["night", 390, "pt"], ["day", 1280, "pt"]]) {
  await setNight(theme === "night");
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: lang });
  await ctx.addCookies([{ name: "access_token", value: token, url: base }]);
  await ctx.addInitScript(([l, t]) => { localStorage.setItem("agora.language", l); localStorage.setItem("agora.theme", t); }, [lang, theme]);
  const page = await ctx.newPage();
  await page.goto(`${base}/settings/notifications`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}/settings-notifications-${lang}-${theme}-${width}.png`, fullPage: false });
  await ctx.close();
}
await setNight(true);
await browser.close();
console.log("shots done");
