import { withErrorBoundary } from '../../components/ui/error-boundary/with-error-boundary.tsx';
import type { ListQuery } from '../../lib/list-query.ts';
import type { Topic } from '../../lib/api/schemas.ts';
import { listKinds } from './list-kinds.ts';
import { ListFrame } from './ListFrame.tsx';
import { HrStoryCards } from './HrStoryCards.tsx';
import { HrTopicBar } from './HrTopicBar.tsx';
import type { ListFirstPage } from './list.store.ts';
import { useListStore } from './use-list-store.ts';
import hrStory from './hr-story.module.scss';

export interface HrStoryListProps {
  firstPage: ListFirstPage;
  /** The page heading, followed by the chosen topic. */
  heading: string;
  subtitle: string;
}

/** The chosen topic's name: from the topics when they know it, else from the address. */
function chosenTopicName(query: ListQuery, topics: readonly Topic[]): string {
  if (query.topicId === null) return '';
  return topics.find((topic) => topic.id === query.topicId)?.name ?? query.name;
}

/** The page heading with the chosen topic (`HR 이야기 #채용 트렌드`) and the subtitle. */
function HrStoryHeader({
  heading,
  subtitle,
  topicName,
}: {
  heading: string;
  subtitle: string;
  topicName: string;
}) {
  return (
    <header className={hrStory.listHeader}>
      <h1 id="page-title">
        {heading}
        {topicName && <span className={hrStory.topicSuffix}>{` #${topicName}`}</span>}
      </h1>
      <p>{subtitle}</p>
    </header>
  );
}

/**
 * HR story: the heading with the chosen topic, the topic bar (HrTopicBar.tsx) and the card grid.
 */
function HrStoryList({ firstPage, heading, subtitle }: HrStoryListProps) {
  const [state, store] = useListStore('hrStory', firstPage);

  const select = (id: number | null) => {
    const topic = state.topics.find((candidate) => candidate.id === id);
    store.selectTopic(topic ? topic.id : null, topic?.name ?? '');
  };

  return (
    <>
      <HrStoryHeader
        heading={heading}
        subtitle={subtitle}
        topicName={chosenTopicName(state.query, state.topics)}
      />
      <ListFrame
        config={listKinds.hrStory}
        state={state}
        store={store}
        toolbar={<HrTopicBar topics={state.topics} topicId={state.query.topicId} onSelect={select} />}
      >
        <HrStoryCards items={state.items} query={state.query} />
      </ListFrame>
    </>
  );
}

export default withErrorBoundary(HrStoryList);
