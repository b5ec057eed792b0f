import { describe, expect, it } from "vitest";
import { formatAmount } from "./payments";

describe("payment amounts", () => {
  it("shows an integer of the currency's smallest unit as the currency's decimal amount", () => {
    expect(formatAmount(500, "USD")).toBe("5.00");
    expect(formatAmount(213, "USD")).toBe("2.13");
    expect(formatAmount(7, "USD")).toBe("0.07");
    expect(formatAmount(500_000_000, "SOL")).toBe("0.50");
    expect(formatAmount(1_500_000_000, "SOL")).toBe("1.50");
    expect(formatAmount(1, "SOL")).toBe("0.000000001");
  });
});
