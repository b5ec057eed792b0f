import type { InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Page } from "#shared/api.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import { withArrived } from "./queries";

const note = (id: number): Notification => ({
  id,
  kind: "FOLLOWER",
  actor: null,
  link: null,
  text: null,
  is_read: false,
  created_at: "2026-11-27T06:00:00.000Z",
  moderation: null,
});

/** Pages of `limit` as the list answers them: newest (highest id) first, `total` in all. */
function loaded(ids: number[][], total: number, limit: number): InfiniteData<Page<Notification>, number> {
  return {
    pages: ids.map((page) => ({
      list: page.map(note),
      total_list: total,
      total_pages: Math.ceil(total / limit),
    })),
    pageParams: ids.map((_, i) => i * limit),
  };
}

const idsOf = (data: InfiniteData<Page<Notification>, number>) =>
  data.pages.map((p) => p.list.map((n) => n.id));

describe("a notification that arrives on the live socket", () => {
  it("goes first, and full pages pass their last item on, so the next page's skip still lines up", () => {
    const data = withArrived(
      loaded(
        [
          [6, 5, 4],
          [3, 2, 1],
        ],
        9,
        3,
      ),
      note(7),
      3,
    );
    expect(idsOf(data)).toEqual([
      [7, 6, 5],
      [4, 3, 2],
    ]);
    // Item 1 now stands at skip 6, which is where the next fetch starts.
    expect(data.pages.map((p) => p.total_list)).toEqual([10, 10]);
    expect(data.pages[0]!.total_pages).toBe(4);
    expect(data.pageParams).toEqual([0, 3]);
  });

  it("keeps every item when the last page had room", () => {
    expect(idsOf(withArrived(loaded([[3, 2, 1], [0]], 4, 3), note(4), 3))).toEqual([
      [4, 3, 2],
      [1, 0],
    ]);
  });

  it("is not shown twice when the list already has it", () => {
    const data = loaded([[7, 6, 5]], 3, 3);
    expect(withArrived(data, note(6), 3)).toBe(data);
  });

  it("moves a listed card that changed (an answered appeal) to the top, once, with what it says now", () => {
    const data = loaded([[7, 6, 5]], 3, 3);
    const answered = { ...note(5), created_at: "2026-11-28T06:00:00.000Z", text: "answered" };
    const next = withArrived(data, answered, 3);
    expect(idsOf(next)).toEqual([[5, 7, 6]]);
    expect(next.pages[0]!.list[0]!.text).toBe("answered");
    expect(next.pages[0]!.total_list).toBe(3);
  });
});
