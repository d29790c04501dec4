// What LL2's launch status ids mean for the figures and rules that read them.

/** LL2 status ids that mean the rocket has left the pad. */
export const FLOWN_STATUS_IDS: ReadonlySet<number> = new Set([3, 4, 6, 7, 9]);
/** LL2 status ids of a launch still waiting to fly (Go, TBD, Hold, TBC). */
export const WAITING_STATUS_IDS: ReadonlySet<number> = new Set([1, 2, 5, 8]);
export const SUCCESS_STATUS_ID = 3;
export const FAILURE_STATUS_IDS: ReadonlySet<number> = new Set([4, 7]);
