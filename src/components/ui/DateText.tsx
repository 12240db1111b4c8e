import { formatDate, isoDay } from '../../i18n/index.ts';

/** A date in Korean style inside `<time>`. */
export function DateText({ value, className }: { value: string; className?: string | undefined }) {
  return (
    <time dateTime={isoDay(value)} className={className}>
      {formatDate(value)}
    </time>
  );
}
