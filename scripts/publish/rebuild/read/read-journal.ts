/**
 * A full read's answers, kept as they come (`DIR/api/read-journal.jsonl`), until the snapshot they
 * make is published. At 50 times our content a first read is 3,500 calls, six minutes at the
 * polite ten a second; a first build killed in its read or in its build then resumes from the
 * journal: the next run reads as a poll over it (poll-plan.ts), taking again the first pages,
 * every list whose pages the journal lacks, and the details of cards that changed or that it had
 * not reached, and nothing else.
 *
 * One JSON value a line: the header `{"version":1,"apiUrl":…,"startedAt":…}`, then `[key, answer]`
 * for each successful answer, and `{"modified":{…}}` once the first pages are read and again once
 * the read is complete (their stamps: a resumed poll merges a list the journal has whole instead
 * of reading it again). A line cut short by a kill is skipped.
 */
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import type { RecordedAnswer, RecordedCalls } from '../../../../src/lib/content/recorded-api.ts';

export interface JournalHeader {
  version: 1;
  apiUrl: string;
  /** When the full read the journal belongs to began (a resumed read keeps it). */
  startedAt: string;
}

export interface Journal {
  record(key: string, answer: RecordedAnswer): void;
  /** The first pages' stamps, as soon as they are read: a list the journal has whole needs no reading again. */
  stamps(modified: Record<string, string>): void;
  /** The read is complete: its first pages' stamps, then the file is closed. */
  complete(modified: Record<string, string>): void;
  close(): void;
}

/** Starts a journal at `file` (replacing any). */
export function openJournal(file: string, header: JournalHeader): Journal {
  const fd = openSync(file, 'w');
  let open = true;
  const line = (value: unknown) => {
    if (open) writeSync(fd, `${JSON.stringify(value)}\n`);
  };
  const close = () => {
    if (open) closeSync(fd);
    open = false;
  };
  line(header);
  return {
    record: (key, answer) => {
      if (answer.ok) line([key, answer]);
    },
    stamps: (modified) => line({ modified }),
    complete: (modified) => {
      line({ modified });
      close();
    },
    close,
  };
}

export interface JournalRead {
  header: JournalHeader;
  recorded: RecordedCalls;
  answers: number;
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}

/** The journal at `file` as the calls of a snapshot; null when there is none or its header is unreadable. */
export function readJournal(file: string): JournalRead | null {
  if (!existsSync(file)) return null;
  const [first, ...rest] = readFileSync(file, 'utf8').split('\n');
  const header = parseLine(first ?? '') as JournalHeader | undefined;
  if (header?.version !== 1 || typeof header.apiUrl !== 'string' || typeof header.startedAt !== 'string')
    return null;
  const recorded: RecordedCalls = { version: 1, apiUrl: header.apiUrl, calls: {} };
  let answers = 0;
  for (const value of rest.map(parseLine)) {
    if (Array.isArray(value) && typeof value[0] === 'string' && (value[1] as RecordedAnswer)?.ok) {
      recorded.calls[value[0]] = value[1] as RecordedAnswer;
      answers++;
    } else if (value && typeof value === 'object' && 'modified' in value) {
      recorded.modified = (value as { modified: Record<string, string> }).modified;
    }
  }
  return { header, recorded, answers };
}

/**
 * The journal a full read of `apiUrl` may resume from: one of the same API, begun less than
 * `maxAgeMs` ago (older answers are no better than none), with at least one answer.
 */
export function resumableJournal(
  file: string,
  apiUrl: string,
  now: Date,
  maxAgeMs: number,
): JournalRead | null {
  const journal = readJournal(file);
  if (!journal || journal.header.apiUrl !== apiUrl || journal.answers === 0) return null;
  const age = now.getTime() - Date.parse(journal.header.startedAt);
  return Number.isFinite(age) && age >= 0 && age < maxAgeMs ? journal : null;
}

export function dropJournal(file: string): void {
  rmSync(file, { force: true });
}
