import { describe, expect, it } from "vitest";
import { DAY, iso } from "./time";

describe("iso", () => {
  it("writes what Date's toISOString writes, leap days and year ends included", () => {
    const times = [
      0,
      1,
      999,
      DAY - 1,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 1, 29),
      Date.UTC(2100, 2, 1),
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      1_795_999_002_993,
    ];
    // A spread of whole milliseconds over four centuries, with a fixed step so a failure reruns.
    for (let ms = 0; ms < 4e12; ms += 7_919_337_761) times.push(ms);
    for (const ms of times) expect(iso(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it("leaves what it does not write to Date: before 1970, from the year 10000, parts of a millisecond", () => {
    for (const ms of [-1, -86_400_001, 253_402_300_800_000, 1.5, 1_700_000_000_000.25])
      expect(iso(ms)).toBe(new Date(ms).toISOString());
    expect(() => iso(Number.NaN)).toThrow(RangeError);
  });
});
