import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { i18n } from "./i18n-runtime";

// Components under test translate with English keys, as the SPAs do before a language loads.
afterEach(async () => {
  cleanup();
  if (i18n.language !== "en") await i18n.changeLanguage("en");
});
