import { describe, expect, it } from "vitest";
import { anyCaseEnum } from "./api";

describe("anyCaseEnum", () => {
  const sort = anyCaseEnum(["NEW", "TOP"] as const, "Use new or top");

  it("takes a listed value in any letter case and answers it as listed", () => {
    expect(sort.parse("top")).toBe("TOP");
    expect(sort.parse(" New ")).toBe("NEW");
  });

  it("refuses anything else with its message", () => {
    const refused = sort.safeParse("oldest");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Use new or top");
  });
});
