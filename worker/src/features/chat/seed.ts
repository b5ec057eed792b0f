import type { Deps } from "#worker/deps.ts";
import { createPersonalThread, threadForUser, threadStub } from "./service";

// A few conversations for a newcomer's first `bun run dev`, sent through the threads' Durable
// Objects as real messages, so unread counts and last messages come out as they would live.
const CONVERSATIONS: Array<{ between: [string, string]; lines: Array<[string, string]> }> = [
  {
    between: ["bruno", "alice"],
    lines: [
      ["bruno", "Hi Alice! Loving the new night theme."],
      ["alice", "Thanks Bruno! Tell me if anything looks off."],
      ["bruno", "Will do. Is group chat on the roadmap?"],
      ["alice", "It is — see the roadmap post in c/agora 🙂"],
    ],
  },
  {
    between: ["dev", "bruno"],
    lines: [
      ["dev", "Did you see the edge latency numbers I posted in c/webdev?"],
      ["dev", "The p99 dropped by more than half for users far from the old region."],
    ],
  },
  {
    between: ["farah", "carmen"],
    lines: [
      ["farah", "Your golden hour shot in Lisbon is beautiful."],
      ["carmen", "Thank you! I made your shakshuka last night, with feta."],
      ["farah", "Perfect choice 👌"],
    ],
  },
];

export async function seedChat(deps: Deps, userId: Map<string, number>): Promise<void> {
  for (const { between, lines } of CONVERSATIONS) {
    const [starter, other] = between.map((name) => userId.get(name));
    if (starter === undefined || other === undefined) continue;
    const { public_id } = await createPersonalThread(deps, { id: starter }, between[1]);
    const { ref } = await threadForUser(deps, starter, public_id);
    const thread = threadStub(deps, public_id);
    for (const [by, text] of lines) await thread.postText(ref, userId.get(by)!, text);
  }
}
