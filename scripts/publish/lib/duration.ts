/**
 * Durations on the command line (`--every 5m`, `--deadline 10m`), read alike by the rebuild and
 * the CDN purge.
 */

/** `30s`, `5m`, `1h` or plain seconds → milliseconds; `null` when it is not a duration. */
export function parseDuration(value: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h)?$/i.exec(value.trim());
  if (!match) return null;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's').toLowerCase() as 's' | 'm' | 'h'];
  return Math.round(Number(match[1]) * unit);
}
