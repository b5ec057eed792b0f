import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../http";
import { passkeyProblem } from "./api";
import { CodeForm } from "./code-form";

const named = (name: string, code?: string) =>
  Object.assign(
    new Error(
      "The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/#sctn-privacy-considerations-client.",
    ),
    { name, code },
  );

describe("passkey refusals", () => {
  it("are said in product words, never the browser's text with its W3C link", () => {
    const cases: Array<[Error, "create" | "sign", string]> = [
      [
        named("NotAllowedError"),
        "sign",
        "No passkey was used: the request was cancelled, timed out, or this device has no passkey for Agora.",
      ],
      [named("NotAllowedError"), "create", "No passkey was made: the request was cancelled or timed out."],
      [named("AbortError", "ERROR_CEREMONY_ABORTED"), "sign", "The passkey request was cancelled."],
      [
        named("InvalidStateError", "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED"),
        "create",
        "This device already holds a passkey for your account.",
      ],
      [named("SecurityError"), "sign", "Passkeys do not work on this address."],
      [named("NotSupportedError"), "create", "This device cannot make the kind of passkey Agora needs."],
      [named("UnknownError"), "sign", "The passkey did not work. Try again, or use your code instead."],
    ];
    for (const [error, ceremony, said] of cases) {
      expect(passkeyProblem(error, ceremony)).toBe(said);
      expect(passkeyProblem(error, ceremony)).not.toContain("w3.org");
    }
  });
});

describe("the two-factor code form", () => {
  it("says a wrong code once, at its field, and keeps what was typed", async () => {
    render(
      <CodeForm
        submitLabel="Verify"
        onCode={() =>
          Promise.reject(
            new ApiError(422, "code: This code is not right", { code: "This code is not right" }),
          )
        }
      />,
    );
    const field = screen.getByLabelText(/Code from your authenticator app/) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByText("This code is not right");
    expect(screen.getAllByText(/This code is not right/)).toHaveLength(1);
    expect(screen.queryByText(/^code:/)).toBeNull();
    expect(field.value).toBe("123456");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(field, { target: { value: "123457" } });
    expect(screen.queryByText("This code is not right")).toBeNull();
  });

  it("takes a pasted code with its space, as authenticator apps copy it (WCAG 3.3.8)", async () => {
    const sent: unknown[] = [];
    render(
      <CodeForm
        submitLabel="Verify"
        onCode={(input) => {
          sent.push(input);
          return Promise.resolve();
        }}
      />,
    );
    const field = screen.getByLabelText(/Code from your authenticator app/) as HTMLInputElement;
    // The browser cuts what is pasted at maxlength: the space must fit.
    expect(field.maxLength).toBeGreaterThanOrEqual("123 456".length);
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    fireEvent.change(field, { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await Promise.resolve();
    expect(sent).toEqual([{ code: "123456" }]);
  });
});
