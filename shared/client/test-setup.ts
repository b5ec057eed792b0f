import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { i18n } from "./i18n-runtime";

// findBy… and waitFor wait up to 5 s (the library's default is 1 s): screens load their parts with
// dynamic imports (notices, dialogs), and on a busy two-core machine the first import of a module
// alone can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

// Components under test translate with English keys, as the SPAs do before a language loads.
afterEach(async () => {
  cleanup();
  if (i18n.language !== "en") await i18n.changeLanguage("en");
});
