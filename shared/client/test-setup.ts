import { cleanup } from "@testing-library/react";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { afterEach } from "vitest";

// Components under test translate with English keys, as the SPAs do before a language loads.
await i18n.use(initReactI18next).init({
  lng: "en",
  resources: { en: { translation: {} } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
});

afterEach(() => cleanup());
