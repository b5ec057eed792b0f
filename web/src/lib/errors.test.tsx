import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "#client/i18n-runtime.ts";
import { clearSnackbars, SnackbarHost } from "#client/ui/snackbar.tsx";
import { ApiError } from "./api";
import { errorMessage } from "./error-message";
import { handleApiError } from "./errors";

afterEach(() => act(() => clearSnackbars()));

describe("the generic error handler", () => {
  it("prefers the server's detail", () => {
    expect(errorMessage(new ApiError(409, "This email was already sent."))).toBe(
      "This email was already sent.",
    );
  });

  it("falls back to the error's own message", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
  });

  it('says "Something went wrong" when there is neither', () => {
    expect(errorMessage(new ApiError(500, null))).toBe("Something went wrong");
    expect(errorMessage(new Error(""))).toBe("Something went wrong");
    expect(errorMessage(undefined)).toBe("Something went wrong");
    expect(errorMessage("a thrown string")).toBe("Something went wrong");
  });

  it("translates what it shows", async () => {
    i18n.addDictionary("es", { "Something went wrong": "Algo salió mal" });
    await i18n.changeLanguage("es");
    expect(errorMessage(null)).toBe("Algo salió mal");
  });

  it("keeps the waiting time of a 429 in the translated sentence", async () => {
    i18n.addDictionary("es", {
      "Too many attempts. Try again in {{seconds}} seconds.":
        "Demasiados intentos. Reintenta en {{seconds}} segundos.",
    });
    await i18n.changeLanguage("es");
    expect(errorMessage(new ApiError(429, "Too many attempts. Try again in 30 seconds."))).toBe(
      "Demasiados intentos. Reintenta en 30 segundos.",
    );
  });

  it("words an hourly edit allowance in the reader's language, with the time it comes back", async () => {
    const until = new Date(Date.UTC(2026, 10, 28, 18, 40)).toISOString();
    const refusal = new ApiError(429, "New accounts can edit posts and comments 20 times an hour.", null, {
      limit: { action: "edit", max: 20, trust_level: 0, reason: "AGE", until, per: "hour" },
    });
    const time = new Date(until).toLocaleTimeString("en", { hour: "numeric", minute: "2-digit" });
    expect(errorMessage(refusal)).toBe(
      `New accounts can edit posts and comments 20 times an hour; more from ${time}.`,
    );
    const { default: es } = await import("#client/locales/es/moderation.ts");
    i18n.addDictionary("es", es);
    await i18n.changeLanguage("es");
    expect(errorMessage(refusal)).toMatch(
      /^Las cuentas nuevas pueden editar publicaciones y comentarios 20 veces por hora; más a partir de las /,
    );
  });

  it("shows a red notice", async () => {
    render(<SnackbarHost />);
    act(() => handleApiError(new ApiError(422, "title: Required")));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("title: Required");
    expect(alert.getAttribute("data-variant")).toBe("error");
  });
});
