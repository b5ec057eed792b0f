import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { i18n } from "./i18n-runtime";
import { Trans, useTranslation } from "./react-i18n";

function TermsLink({ children }: { children?: ReactNode }) {
  return <a href="/policies/terms-of-use">{children}</a>;
}

function Greeting() {
  const { t } = useTranslation();
  return <p>{t("Draft saved.")}</p>;
}

describe("react bindings", () => {
  it("re-render components when the language changes", async () => {
    i18n.addDictionary("es", { "Draft saved.": "Borrador guardado." });
    render(<Greeting />);
    expect(screen.getByText("Draft saved.")).toBeTruthy();
    await act(() => i18n.changeLanguage("es"));
    expect(screen.getByText("Borrador guardado.")).toBeTruthy();
  });

  it("put elements inside a translated sentence with Trans", async () => {
    i18n.addDictionary("pt", {
      "Read the <link>terms</link>.": "Leia os <link>termos</link>.",
    });
    await act(() => i18n.changeLanguage("pt"));
    render(<Trans i18nKey="Read the <link>terms</link>." components={{ link: <TermsLink /> }} />);
    const link = screen.getByRole("link", { name: "termos" });
    expect(link.getAttribute("href")).toBe("/policies/terms-of-use");
    expect(link.parentElement?.textContent).toBe("Leia os termos.");
  });
});
