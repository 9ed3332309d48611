// No zod here: the member home imports this on its first screen (a schema module would bring zod
// into the first download)

/**
 * Beijing's wall clock at `now`, as a Date to read with its UTC getters (UTC+8, the business zone,
 * whatever the device's own; no summer time since 1991). Arithmetic, not an Intl format with a
 * time zone, whose first use loads ICU's zone data: a long task on a slow phone (issue 37).
 */
export function beijingClock(now = Date.now()): Date {
  return new Date(now + 8 * 3_600_000);
}

/** Today's date in Beijing, YYYY-MM-DD. */
export function beijingToday(now = Date.now()): string {
  return beijingClock(now).toISOString().slice(0, 10);
}
