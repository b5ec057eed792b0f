/**
 * Flood control per socket: a token bucket. A socket that spends its burst waits for tokens (its
 * frames are processed later, in order); only when its backlog grows past `maxDebt` are frames
 * refused. Other sockets never wait, because the waiting is a timer, not work.
 */
export const FLOOD = { capacity: 20, refillPerSecond: 5, maxDebt: 20 } as const;

/** One socket's bucket; it lives in memory only, so a hibernation gives the socket a full one. */
export class RateBucket {
  private tokens: number = FLOOD.capacity;
  private at = Date.now();

  /** Milliseconds to wait before the frame may run, or -1 when it is refused. */
  take(): number {
    const now = Date.now();
    this.tokens = Math.min(FLOOD.capacity, this.tokens + ((now - this.at) / 1000) * FLOOD.refillPerSecond);
    this.at = now;
    if (this.tokens - 1 < -FLOOD.maxDebt) return -1;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / FLOOD.refillPerSecond) * 1000);
  }
}
