import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import { CardImage } from './CardImage.tsx';
import { DateText } from '../../components/ui/DateText.tsx';
import { listKinds } from './list-kinds.ts';
import { topicQuery, withListContext } from '../../lib/list-query.ts';
import { ListFrame } from './ListFrame.tsx';
import type { ListFirstPage } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import cards from './cards.module.scss';
import hrStory from './hr-story.module.scss';

export interface HrStoryListProps {
  firstPage: ListFirstPage;
  /** The page heading, followed by the chosen topic. */
  heading: string;
  subtitle: string;
}

/**
 * HR story: the heading with the chosen topic, the topic bar (chips on wide screens with a
 * 더보기 toggle, a dropdown at 980px or less; CSS picks which one shows, so the first paint is
 * already right), and the card grid.
 */
function HrStoryList({ firstPage, heading, subtitle }: HrStoryListProps) {
  const [state, store] = useListStore('hrStory', firstPage);
  const [expanded, setExpanded] = useState(false);
  const { topicId } = state.query;
  const topicName =
    topicId === null ? '' : (state.topics.find((topic) => topic.id === topicId)?.name ?? state.query.name);

  const select = (id: number | null) => {
    const topic = state.topics.find((candidate) => candidate.id === id);
    store.selectTopic(topic ? topic.id : null, topic?.name ?? '');
  };

  const toolbar = (
    <div className={hrStory.topicBar}>
      <div className={hrStory.topicSelect}>
        <label htmlFor="hr-topic-select" className="visually-hidden">
          {t('list.hrStory.topicSelect')}
        </label>
        <select
          id="hr-topic-select"
          value={topicId === null ? '' : String(topicId)}
          onChange={(event) => select(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="" data-query={topicQuery(null)}>
            {t('common.all')}
          </option>
          {state.topics.map((topic) => (
            <option key={topic.id} value={String(topic.id)} data-query={topicQuery(topic)}>
              {topic.name}
            </option>
          ))}
        </select>
      </div>
      <div className={hrStory.topicChipsWrap}>
        <div
          id="hr-topic-chips"
          className={expanded ? `${hrStory.topicChips} ${hrStory.topicChipsExpanded}` : hrStory.topicChips}
          role="group"
          aria-label={t('list.hrStory.topics')}
        >
          <button
            type="button"
            aria-pressed={topicId === null}
            onClick={() => select(null)}
            data-query={topicQuery(null)}
          >
            {t('common.all')}
          </button>
          {state.topics.map((topic) => (
            <button
              type="button"
              key={topic.id}
              aria-pressed={topicId === topic.id}
              onClick={() => select(topic.id)}
              data-query={topicQuery(topic)}
            >
              {`#${topic.name}`}
            </button>
          ))}
        </div>
        <button
          type="button"
          className={hrStory.moreButton}
          aria-expanded={expanded}
          aria-controls="hr-topic-chips"
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t('common.fold') : t('common.more')}
        </button>
      </div>
    </div>
  );

  return (
    <>
      <header className={hrStory.listHeader}>
        <h1 id="page-title">
          {heading}
          {topicName && <span className={hrStory.topicSuffix}>{` #${topicName}`}</span>}
        </h1>
        <p>{subtitle}</p>
      </header>
      <ListFrame config={listKinds.hrStory} state={state} store={store} toolbar={toolbar}>
        <ul className={`${cards.grid} ${hrStory.hrStoryCards}`}>
          {state.items.map((item, index) => (
            <li key={item.id} className={cards.card}>
              <a href={withListContext(item.href, state.query)} className={cards.cardLink}>
                <CardImage src={item.image} lead={index === 0} />
                <div className={cards.cardBody}>
                  {item.tags.length > 0 && (
                    <p className={cards.cardTags}>{item.tags.map((tag) => `#${tag}`).join(' ')}</p>
                  )}
                  <h2 className={cards.cardTitle}>{item.title}</h2>
                  <p className={cards.cardDescription}>{item.description}</p>
                  <p className={cards.meta}>
                    <span>{item.author}</span>
                    <DateText value={item.date} />
                  </p>
                </div>
              </a>
            </li>
          ))}
        </ul>
      </ListFrame>
    </>
  );
}

export default withErrorBoundary(HrStoryList);
