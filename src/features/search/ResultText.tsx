import { formatDate, isoDay, t } from '../../i18n/index.ts';
import type { SearchHit } from '../../lib/search/format/types.ts';
import { markPieces } from './highlight.ts';
import { typeLabel } from './search-labels.ts';

/** `text` with its matched ranges in `<mark>`, built as text nodes (never HTML). */
export function Marked({ text, marks }: { text: string; marks: SearchHit['titleMarks'] }) {
  return (
    <>
      {markPieces(text, marks).map((piece, index) =>
        piece.mark ? <mark key={index}>{piece.text}</mark> : piece.text,
      )}
    </>
  );
}

/** A result's type label and date, the line above or below its title. */
export function ResultMeta({ hit }: { hit: SearchHit }) {
  const date = formatDate(hit.date);
  return (
    <span className="search-meta">
      <span className="search-type">{typeLabel(hit.type)}</span>
      {date && <time dateTime={isoDay(hit.date)}>{date}</time>}
    </span>
  );
}

/** The hidden note on a result that opens in a new tab. */
export function NewTabNote({ external }: { external: boolean }) {
  return external ? <span className="visually-hidden">{` (${t('common.newTab')})`}</span> : null;
}
