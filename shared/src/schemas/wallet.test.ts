import { describe, expect, it } from "vitest";
import {
  chainFrom,
  coinAmountSchema,
  fromUnits,
  solanaConfirmSchema,
  toUnits,
  validateToSchema,
  walletDetailTemplate,
} from "./wallet";

describe("wallet amounts", () => {
  it("turns decimal strings into smallest units and back without floats", () => {
    expect(toUnits("1.5", 9)).toBe(1_500_000_000n);
    expect(toUnits("0.000000001", 9)).toBe(1n);
    expect(toUnits("0.0000000001", 9)).toBeNull(); // more decimals than SOL has
    expect(toUnits("0.1000000000", 9)).toBe(100_000_000n); // trailing zeros are fine
    expect(toUnits("123456789.123456789123456789", 18)).toBe(123456789123456789123456789n);
    expect(toUnits("1e3", 9)).toBeNull();
    expect(fromUnits(1_500_000_000n, 9)).toBe("1.5");
    expect(fromUnits(0n, 9)).toBe("0");
    expect(fromUnits(5000n, 9)).toBe("0.000005");
    expect(fromUnits(10n ** 18n, 18)).toBe("1");
  });

  it("accepts amounts as strings or JSON numbers, and only positive plain decimals", () => {
    expect(coinAmountSchema.parse(" 0.25 ")).toBe("0.25");
    expect(coinAmountSchema.parse(0.1)).toBe("0.1");
    expect(coinAmountSchema.parse(1e-7)).toBe("0.0000001");
    expect(coinAmountSchema.parse(2.5e-9)).toBe("0.0000000025");
    for (const bad of ["0", "0.000", "-1", "abc", "1,5", "", "1e5", Number.NaN, null])
      expect(coinAmountSchema.safeParse(bad).success).toBe(false);
  });

  it("validates the request bodies with the spec's messages", () => {
    expect(validateToSchema.parse({ to: " bob ", symbol: "sol" })).toEqual({ to: "bob", symbol: "SOL" });
    expect(validateToSchema.safeParse({ to: "bob", symbol: "DOGE" }).error?.issues[0]?.message).toBe(
      "Unsupported crypto symbol",
    );
    expect(solanaConfirmSchema.safeParse({ to: "bob", amount: "1", idempotency_key: "short" }).success).toBe(
      false,
    );
    expect(solanaConfirmSchema.parse({ to: "bob", amount: 1, idempotency_key: "a-key_12345" }).amount).toBe(
      "1",
    );
  });

  it("finds a chain by abbreviation, symbol or coin id", () => {
    expect(chainFrom("sol")?.symbol).toBe("SOL");
    expect(chainFrom("BTC")?.symbol).toBe("BTC");
    expect(chainFrom("ethereum")?.symbol).toBe("ETH");
    expect(chainFrom("doge")).toBeUndefined();
  });

  it("reads the template and values back out of a filled message", () => {
    expect(walletDetailTemplate("Amount must be at least 0.00089088 SOL")).toEqual({
      template: "Amount must be at least {{min}} {{symbol}}",
      values: { min: "0.00089088", symbol: "SOL" },
    });
    expect(walletDetailTemplate("bc1q.(x)* is invalid")).toEqual({
      template: "{{value}} is invalid",
      values: { value: "bc1q.(x)*" },
    });
    expect(walletDetailTemplate("Wallet is not configured")).toBeNull();
  });
});
