import { t } from '../../i18n/index.ts';
import type { Topic } from '../../lib/api/schemas.ts';
import { topicQuery } from '../../lib/list-query.ts';

export interface TopicChipsProps {
  topics: readonly Topic[];
  /** The pressed topic's id; null presses 전체. */
  selected: number | null;
  /** Called with the topic picked, or null for 전체. */
  onSelect(topic: Topic | null): void;
  /** Accessible name of the group. */
  label: string;
  className?: string | undefined;
  id?: string | undefined;
  /** Whether the chips' addresses (`data-query`) carry the topic's name as well as its id. */
  withName: boolean;
  /** A chip's text; the topic's name when absent. */
  chipText?: ((topic: Topic) => string) | undefined;
}

/**
 * A row of topic filter buttons (FAQ categories, HR story topics): 전체 first, then one per
 * topic, the selected one `aria-pressed`. Each carries the address it asks for (`data-query`),
 * which the first-tap script follows before the island hydrates.
 */
export function TopicChips({
  topics,
  selected,
  onSelect,
  label,
  className,
  id,
  withName,
  chipText = (topic) => topic.name,
}: TopicChipsProps) {
  return (
    <div id={id} className={className} role="group" aria-label={label}>
      <button
        type="button"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
        data-query={topicQuery(null, withName)}
      >
        {t('common.all')}
      </button>
      {topics.map((topic) => (
        <button
          type="button"
          key={topic.id}
          aria-pressed={selected === topic.id}
          onClick={() => onSelect(topic)}
          data-query={topicQuery(topic, withName)}
        >
          {chipText(topic)}
        </button>
      ))}
    </div>
  );
}
