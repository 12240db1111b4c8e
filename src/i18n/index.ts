/** Korean UI strings and date formatting. */
import ko from './ko.json';

export type MessageKey = keyof typeof ko;

/** The Korean text for a UI label. */
export function t(key: MessageKey): string {
  return ko[key];
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A date in Korean style, `2026.10.02`. The API's own calendar date (its first ten characters)
 * is used when it has one, so a Korean date never shifts with the visitor's time zone.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = isoDate.exec(value);
  if (match) return `${match[1]}.${match[2]}.${match[3]}`;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('ko-KR', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}.${part('month')}.${part('day')}`;
}

/** A machine-readable date for `<time datetime>`. */
export function isoDay(value: string | null | undefined): string | undefined {
  const formatted = formatDate(value);
  return formatted ? formatted.replaceAll('.', '-') : undefined;
}
