import { timestampMs } from '../printers/duration.js';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Go's time.RFC1123Z layout (`Mon, 02 Jan 2006 15:04:05 -0700`) in UTC, the emulated cluster's
 * (and kubectl's, here) local zone: "2026-10-26T19:09:12Z" → "Mon, 26 Oct 2026 19:09:12 +0000".
 * A missing or zero time prints as Go's zero time, which describe shows for unset timestamps:
 * "Mon, 01 Jan 0001 00:00:00 +0000".
 */
export function rfc1123z(ts: string | null | undefined): string {
  const ms = timestampMs(ts);
  const d = new Date(ms ?? 0);
  // Date.UTC maps years 0–99 to 1900–1999, so Go's zero time is set field by field.
  if (ms === undefined) d.setUTCFullYear(1, 0, 1);
  const year = String(d.getUTCFullYear()).padStart(4, '0');
  return `${DAYS[d.getUTCDay()]}, ${pad2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${year} ${pad2(d.getUTCHours())}:${pad2(
    d.getUTCMinutes(),
  )}:${pad2(d.getUTCSeconds())} +0000`;
}
