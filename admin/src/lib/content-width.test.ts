import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const features = join(__dirname, "..", "features");
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".tsx") ? [join(dir, e.name)] : [],
  );

describe("the admin content width", () => {
  it("is set once, around every page, and no page picks its own", () => {
    const root = readFileSync(join(__dirname, "..", "routes", "__root.tsx"), "utf8");
    expect(root).toContain('className="mx-auto max-w-6xl"');
    const ownWidth = files(features).filter((f) =>
      /className="mx-auto flex max-w-/.test(readFileSync(f, "utf8")),
    );
    expect(ownWidth).toEqual([]);
  });
});
