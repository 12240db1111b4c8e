import { useMemo, type Ref } from 'react';
import { trustedHtml } from '../../lib/security/trusted-types.ts';
import type { CardItem } from './list-items.ts';
import { answerId, questionId } from './use-faq-open-rows.ts';
import faq from './faq.module.scss';

export interface FaqAccordionProps {
  items: readonly CardItem[];
  /** Ids of the open rows. */
  open: ReadonlySet<string>;
  /** Called with what a row now is, as the DOM says, when it opens or closes. */
  onToggle(id: string, isOpen: boolean): void;
  /**
   * Whether the closed rows show their answers yet: a new answer's rows show their questions
   * first and their answers one (deferred) render later; an open row shows its answer at once.
   */
  answersShown: boolean;
  ref?: Ref<HTMLUListElement> | undefined;
}

/** A row's question: a heading inside the `<summary>`, with its tags and the chevron. */
function FaqQuestion({ item }: { item: CardItem }) {
  return (
    <summary id={questionId(item.id)} className={faq.faqSummary}>
      {/* The question stays a heading for the outline; <summary> allows one. */}
      <h2 className={faq.faqHeading}>
        <span className={faq.faqQ} aria-hidden="true">
          Q
        </span>
        <span className={faq.faqTitleWrap}>
          {item.tags.length > 0 && (
            <span className={faq.faqTags}>
              {item.tags.map((tag) => (
                <span key={tag}>{tag}</span>
              ))}
            </span>
          )}
          <span className={faq.faqTitle}>{item.title}</span>
        </span>
        <svg className={faq.faqChevron} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </h2>
    </summary>
  );
}

interface FaqRowProps {
  item: CardItem;
  isOpen: boolean;
  onToggle(id: string, isOpen: boolean): void;
  answerShown: boolean;
}

/** One question and its sanitised answer, a native `<details>` (see FaqList.tsx). */
function FaqRow({ item, isOpen, onToggle, answerShown }: FaqRowProps) {
  // One value per answer: React writes the HTML again whenever it is a different object.
  const answer = useMemo(() => trustedHtml(answerShown ? item.html : ''), [answerShown, item.html]);
  return (
    <details
      className={faq.faqItem}
      open={isOpen}
      // Read, don't flip: the row may have been opened before React was listening.
      onToggle={(event) => onToggle(item.id, event.currentTarget.open)}
      // The visitor may have opened it before hydration: the server's closed row then
      // differs from the DOM on purpose (React leaves the attribute as it finds it).
      suppressHydrationWarning
    >
      <FaqQuestion item={item} />
      <div
        id={answerId(item.id)}
        role="region"
        aria-labelledby={questionId(item.id)}
        className={faq.faqAnswer}
        // Sanitised with the shared allow-list before it reaches the store (list-items.ts).
        dangerouslySetInnerHTML={{ __html: answer }}
      />
    </details>
  );
}

/** The FAQ accordion: one row per question. */
export function FaqAccordion({ items, open, onToggle, answersShown, ref }: FaqAccordionProps) {
  return (
    <ul className={faq.accordion} ref={ref}>
      {items.map((item) => (
        <li key={item.id}>
          <FaqRow
            item={item}
            isOpen={open.has(item.id)}
            onToggle={onToggle}
            answerShown={answersShown || open.has(item.id)}
          />
        </li>
      ))}
    </ul>
  );
}
