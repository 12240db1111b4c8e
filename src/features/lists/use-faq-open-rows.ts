/**
 * Which FAQ rows are open. Each row is a native `<details>` that the browser opens by itself;
 * this follows what the DOM says (see FaqList.tsx) and gives the rows' element ids.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

const QUESTION_ID = 'faq-q-';
/** Id of a row's question (its `<summary>`), which names its answer region. */
export const questionId = (itemId: string) => `${QUESTION_ID}${itemId}`;
/** Id of a row's answer region. */
export const answerId = (itemId: string) => `faq-a-${itemId}`;

/** The open rows with row `id` open or closed as the DOM says; the same set when nothing changes. */
function withRow(current: ReadonlySet<string>, id: string, isOpen: boolean): ReadonlySet<string> {
  if (current.has(id) === isOpen) return current;
  const next = new Set(current);
  if (isOpen) next.add(id);
  else next.delete(id);
  return next;
}

export interface FaqOpenRows {
  /** Ids of the items whose rows are open. */
  open: ReadonlySet<string>;
  /** Records what a row now is; never flips, so a toggle heard twice or late changes nothing. */
  follow(id: string, isOpen: boolean): void;
  /** The accordion's list element, where rows opened before hydration are found. */
  accordion: RefObject<HTMLUListElement | null>;
}

/**
 * The open rows, kept by the list island itself so that a row the visitor opened is open again
 * when it comes back after a category switch or a search (the accordion is unmounted meanwhile).
 */
export function useFaqOpenRows(): FaqOpenRows {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const accordion = useRef<HTMLUListElement>(null);

  const follow = (id: string, isOpen: boolean) => setOpen((current) => withRow(current, id, isOpen));

  // Rows opened before hydration are open in the DOM, and their `toggle` events fired while
  // React was not listening yet: take them into the state once, so they survive a re-render.
  useEffect(() => {
    const opened = accordion.current?.querySelectorAll<HTMLElement>(
      `details[open] > summary[id^="${QUESTION_ID}"]`,
    );
    for (const summary of opened ?? [])
      setOpen((current) => withRow(current, summary.id.slice(QUESTION_ID.length), true));
  }, []);

  return { open, follow, accordion };
}
