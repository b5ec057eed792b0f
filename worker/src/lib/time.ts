// Times are stored as epoch milliseconds and answered as ISO 8601 strings; these are the one
// place the worker turns one into the other and spells out its durations.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Now in whole seconds, as tokens carry times. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A stored time (epoch milliseconds) as the API answers it: an ISO 8601 string in UTC. */
export const iso = (ms: number): string => new Date(ms).toISOString();
