import type { Deps } from "#worker/deps.ts";
import { inboxStub } from "#worker/lib/sockets/stubs.ts";
import { tellInboxes } from "./inboxes";
import { writeThreadState } from "./queries";
import type { ThreadStorage } from "./thread-storage";

/**
 * What a thread's object tells D1 after a change (chat-thread.ts): the thread's rows (last
 * message, unread counts, activity time, when each participant first wrote) are rewritten from
 * the object's storage; writes are coalesced so one runs at a time and the last wins. Every change
 * also sets an alarm, so a D1 write lost to a crash is made after the restart.
 */
export class ThreadD1 {
  private syncing: Promise<void> | null = null;
  private dirty = false;
  /** userId → when they first sent a message here, once known (it never changes after). */
  private sentAt = new Map<number, number>();
  /** What each participant's inbox was last told of this thread (not told twice). */
  private told = new Map<number, string>();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly storage: ThreadStorage,
    private readonly thread: { deps: () => Deps; closed: () => boolean },
  ) {}

  /** Rewrites the thread's D1 rows from this storage; concurrent calls share one write loop. */
  sync(): Promise<void> {
    this.dirty = true;
    this.syncing ??= this.flush();
    return this.syncing;
  }

  private async flush(): Promise<void> {
    try {
      // Let the frames just broadcast go out before the D1 work takes the thread's CPU.
      await new Promise((resolve) => setTimeout(resolve, 0));
      while (this.dirty) {
        this.dirty = false;
        await this.write().catch((error) => console.error("chat thread D1 sync failed", error));
      }
    } finally {
      this.syncing = null;
    }
  }

  private async write(): Promise<void> {
    const ref = this.storage.boundThread();
    if (!ref || this.thread.closed()) return;
    const deps = this.thread.deps();
    const version = this.storage.changeVersion();
    const last = this.storage.newest();
    const activity = last?.created_at ?? ref.createdAt;
    const participants = [...this.storage.participants().values()];
    const bothBefore = participants.length === 2 && participants.every((p) => this.sentAt.has(p.userId));
    await writeThreadState(
      deps,
      ref.threadId,
      last,
      activity,
      participants.map((p) => ({
        userId: p.userId,
        unread: this.storage.unreadBy(p),
        firstSentAt: this.firstSentAt(p.userId),
      })),
    );
    this.storage.markSynced(version);
    this.ctx.waitUntil(tellInboxes(deps, this.storage, this.told, ref.publicId, activity));
    // Messages have now gone both ways: from here on each one may see when the other is online
    // (the presence circle reads `sent_at`); if both are online now, they see it at once.
    const [a, b] = participants;
    if (
      a &&
      b &&
      !bothBefore &&
      !this.storage.isGroup() &&
      this.sentAt.has(a.userId) &&
      this.sentAt.has(b.userId)
    )
      this.ctx.waitUntil(
        inboxStub(deps, a.userId)
          .meet(a.userId, b.userId)
          .catch((error) => console.error("presence of new partners failed", error)),
      );
  }

  /** When the participant first sent a message here, remembered once found. */
  private firstSentAt(userId: number): number | null {
    const known = this.sentAt.get(userId);
    if (known !== undefined) return known;
    const at = this.storage.firstSentAt(userId);
    if (at !== null) this.sentAt.set(userId, at);
    return at;
  }

  /**
   * The resync alarm (set by every change): if D1 has not heard of the newest change (the server
   * stopped between the two writes, or D1 refused), it is written now; if that fails, again later.
   */
  async alarm(): Promise<void> {
    this.storage.alarmFired();
    if (this.thread.closed() || !this.storage.d1Behind()) return;
    await this.sync();
    if (this.storage.d1Behind()) this.storage.armResync();
  }
}
