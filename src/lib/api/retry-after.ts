/**
 * `Retry-After` (RFC 9110 §10.2.3) read strictly: whole seconds or an HTTP-date, nothing else.
 * Anything else counts as absent, so the reader backs off as usual instead of guessing a wait.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const DAY_LONG = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(?<month>${MONTHS.join('|')})`;
const TIME = '(?<hour>\\d{2}):(?<minute>\\d{2}):(?<second>\\d{2})';
/** The three forms of an HTTP-date a recipient must accept (RFC 9110 §5.6.7). */
const HTTP_DATES = [
  // `Sun, 06 Nov 1994 08:49:37 GMT`, the one senders must use.
  new RegExp(`^${DAY}, (?<day>\\d{2}) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  // `Sunday, 06-Nov-94 08:49:37 GMT`, obsolete.
  new RegExp(`^${DAY_LONG}, (?<day>\\d{2})-${MONTH}-(?<yy>\\d{2}) ${TIME} GMT$`),
  // `Sun Nov  6 08:49:37 1994`, C's asctime, obsolete.
  new RegExp(`^${DAY} ${MONTH} (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})$`),
];

/**
 * An HTTP-date in epoch milliseconds; `null` for anything else. Not `Date.parse`: V8 reads
 * `1.5`, `-1` and `abc 2` as dates in 2001 or in year −1, and a past date means "retry now".
 */
function parseHttpDate(text: string, now: number): number | null {
  const parts = HTTP_DATES.map((form) => form.exec(text)?.groups).find((groups) => groups);
  if (!parts) return null;
  let year = Number(parts.year);
  if (parts.yy !== undefined) {
    // A two-digit year more than 50 years ahead is the latest past year ending in those digits.
    const thisYear = new Date(now).getUTCFullYear();
    year = Math.floor(thisYear / 100) * 100 + Number(parts.yy);
    if (year > thisYear + 50) year -= 100;
  }
  const fields = [
    year,
    MONTHS.indexOf(parts.month!),
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  ] as const;
  const time = Date.UTC(...fields);
  const back = new Date(time);
  // 31 Feb or 25:00 would roll over into another date, not one the sender meant.
  const read = [
    back.getUTCFullYear(),
    back.getUTCMonth(),
    back.getUTCDate(),
    back.getUTCHours(),
    back.getUTCMinutes(),
    back.getUTCSeconds(),
  ];
  return read.every((value, index) => value === fields[index]) ? time : null;
}

/**
 * `Retry-After` in milliseconds: delay-seconds (a whole number) or an HTTP-date; `null` when
 * absent or anything else (`1.5`, `-1`, `abc 2`), so the call backs off as if none were given.
 * A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = parseHttpDate(text, now);
  return date === null ? null : Math.max(0, date - now);
}
