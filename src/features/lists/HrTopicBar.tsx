import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import type { Topic } from '../../lib/api/schemas.ts';
import { topicQuery } from '../../lib/list-query.ts';
import { TopicChips } from './TopicChips.tsx';
import hrStory from './hr-story.module.scss';

export interface HrTopicBarProps {
  topics: readonly Topic[];
  /** The chosen topic's id, null for 전체. */
  topicId: number | null;
  onSelect(topicId: number | null): void;
}

const CHIPS_ID = 'hr-topic-chips';

/** The dropdown of topics that stands in for the chips at 980px or less. */
function HrTopicSelect({ topics, topicId, onSelect }: HrTopicBarProps) {
  return (
    <div className={hrStory.topicSelect}>
      <label htmlFor="hr-topic-select" className="visually-hidden">
        {t('list.hrStory.topicSelect')}
      </label>
      <select
        id="hr-topic-select"
        value={topicId === null ? '' : String(topicId)}
        onChange={(event) => onSelect(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="" data-query={topicQuery(null)}>
          {t('common.all')}
        </option>
        {topics.map((topic) => (
          <option key={topic.id} value={String(topic.id)} data-query={topicQuery(topic)}>
            {topic.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The topic chips on wide screens, one row high until 더보기 unfolds them. */
function HrTopicChips({ topics, topicId, onSelect }: HrTopicBarProps) {
  const [expanded, setExpanded] = useState(false);
  return (
    <div className={hrStory.topicChipsWrap}>
      <TopicChips
        id={CHIPS_ID}
        className={expanded ? `${hrStory.topicChips} ${hrStory.topicChipsExpanded}` : hrStory.topicChips}
        label={t('list.hrStory.topics')}
        topics={topics}
        selected={topicId}
        onSelect={(topic) => onSelect(topic?.id ?? null)}
        withName
        chipText={(topic) => `#${topic.name}`}
      />
      <button
        type="button"
        className={hrStory.moreButton}
        aria-expanded={expanded}
        aria-controls={CHIPS_ID}
        onClick={() => setExpanded((value) => !value)}
      >
        {expanded ? t('common.fold') : t('common.more')}
      </button>
    </div>
  );
}

/**
 * The HR story topic bar: chips with a 더보기 toggle on wide screens, a dropdown at 980px or
 * less. Both are rendered and CSS picks which one shows, so the first paint is already right.
 */
export function HrTopicBar(props: HrTopicBarProps) {
  return (
    <div className={hrStory.topicBar}>
      <HrTopicSelect {...props} />
      <HrTopicChips {...props} />
    </div>
  );
}
