/**
 * The fourteen endpoints of the content API (paths and page sizes from the endpoint table),
 * answering from loaded content. Everything that does not depend on the request is computed
 * once here, so a request only filters and slices.
 */
import type { Hono } from 'hono';
import { endpoints, type EndpointName } from '../../src/lib/api/endpoints.ts';
import type {
  Topic,
  WireBlogDetail as BlogDetail,
  WireContentItem as ContentItem,
  WirePatentDetail as PatentDetail,
} from '../../src/lib/api/schemas.ts';
import { storyKey } from '../../src/lib/api/item-address.ts';
import { buildList, filterByTerm, filterByTopic, listPage, type ListEntry } from './list.ts';
import type { Content, ContentKey } from './load-content.ts';
import { parsePage, parseTerm, parseTopicId } from './query.ts';
import type { SendJson } from './respond.ts';
import { prepareTerm } from './search.ts';

/** Korean messages of the 404 answers of the detail endpoints. */
export const BLOG_NOT_FOUND = '요청한 글을 찾을 수 없습니다.';
export const PATENT_NOT_FOUND = '요청한 특허 정보를 찾을 수 없습니다.';

/** Items per page of a list endpoint, from the endpoint table. */
function pageSizeOf(name: EndpointName): number {
  const size = endpoints[name].pageSize;
  if (size === undefined) throw new Error(`${name} is not a list endpoint`);
  return size;
}

/** The JSON writer for answers made of these content files (dated by the newest of them). */
export type SendFrom = (...files: ContentKey[]) => SendJson;

/** Registers all content endpoints on `app`; each answer is dated by the files it is made of. */
export function registerContentRoutes(app: Hono, content: Content, sendFrom: SendFrom): void {
  const lists = buildLists(content);

  registerSearch(app, sendFrom('news'), 'newsSearch', lists.news);
  registerSearch(app, sendFrom('videos'), 'videoSearch', lists.videos);
  registerSearch(app, sendFrom('faq'), 'faqSearch', lists.faq);
  registerSearch(app, sendFrom('success'), 'successSearch', lists.success);
  // `tag` is accepted and ignored: the site's patent search always sends it empty and the contract
  // gives it no meaning.
  registerSearch(app, sendFrom('patents'), 'techSearch', lists.patents);

  const seminars = sendFrom('seminars');
  app.get(endpoints.seminarList.path, (c) =>
    seminars(c, listPage(lists.seminars, parsePage(c.req.query('page')), pageSizeOf('seminarList'))),
  );

  registerTopicList(app, sendFrom('faq'), 'faqTags', lists.faq);
  // `name` is accepted and ignored: it only labels the topic on the site's side.
  const hrTopics: Topic[] = content.hrStories.topics.map(({ id, name, slug }) => ({ id, name, slug }));
  registerTopicList(app, sendFrom('hrStories'), 'hrStoryTags', lists.hrStories, hrTopics);

  const faqTopics: Topic[] = content.faq.topics.map(({ id, name }) => ({ id, name }));
  app.get(endpoints.faqAllTags.path, (c) => sendFrom('faq')(c, faqTopics));
  app.get(endpoints.videoBanner.path, (c) => sendFrom('videos')(c, content.videos.banners));
  app.get(endpoints.seminarBanner.path, (c) => seminars(c, content.seminars.banners));
  app.get(endpoints.successBanner.path, (c) => sendFrom('success')(c, content.success.banners));

  // A story's detail may come from either file (an HR story wins over a success story of the same id).
  registerBlogDetail(app, sendFrom('hrStories', 'success'), content);
  registerPatentDetail(app, sendFrom('patents'), content);
}

/** Every list's entries, in the contract's wire shape, computed once. */
function buildLists(content: Content) {
  const faqTopicNames = topicNames(content.faq.topics);
  return {
    news: buildList(content.news),
    videos: buildList(content.videos.items),
    seminars: buildList(content.seminars.items),
    // The contract sends FAQ tags as `{ name }[]`; items that carry only topic ids get their
    // topic names, so the card and the search see the category.
    faq: buildList(content.faq.items, (wire, source) =>
      wire.tags === undefined
        ? { ...wire, tags: namesOf(source.tag_ids, faqTopicNames).map((name) => ({ name })) }
        : wire,
    ),
    hrStories: buildList(content.hrStories.items),
    // Row numbers count up from the oldest patent over the whole list, so a patent keeps its
    // number in search results; a number set in the file wins.
    patents: buildList(content.patents, (wire, _source, index, all) => ({
      ...wire,
      no: wire.no ?? all.length - index,
    })),
    success: buildList(content.success.items),
  };
}

/**
 * A story's detail (HR stories and success stories). The site asks for it by its key
 * (item-address.ts); the old site's query form (`?portal=`) may still ask by its `analytics_page_id`.
 */
function registerBlogDetail(app: Hono, send: SendJson, content: Content): void {
  const hrTopicNames = topicNames(content.hrStories.topics);
  const blogs = new Map<string, BlogDetail>();
  const addBlog = (kind: 'blog' | 'success', story: ContentItem, detail: BlogDetail) => {
    blogs.set(story.analytics_page_id, detail);
    blogs.set(
      storyKey(kind, {
        analytics_page_id: story.analytics_page_id,
        absolute_url: story.absolute_url ?? undefined,
      }),
      detail,
    );
  };
  for (const story of content.success.items) {
    addBlog(
      'success',
      story,
      blogDetail(
        story,
        (story.tags ?? []).map((tag) => tag.name),
      ),
    );
  }
  // HR stories win over success stories with the same id (the HR story is the blog proper).
  for (const story of content.hrStories.items) {
    addBlog('blog', story, blogDetail(story, namesOf(story.tag_ids, hrTopicNames)));
  }
  app.get(endpoints.blogDetail.path, (c) => {
    const detail = blogs.get((c.req.query('id') ?? '').trim());
    return detail ? send(c, detail) : send(c, { error: BLOG_NOT_FOUND }, 404);
  });
}

/** A patent's detail, by its tag. */
function registerPatentDetail(app: Hono, send: SendJson, content: Content): void {
  const patents = new Map<string, PatentDetail>(
    content.patents.map((patent) => [patent.tag, patentDetail(patent)]),
  );
  app.get(endpoints.patentDetail.path, (c) => {
    const detail = patents.get((c.req.query('tag') ?? '').trim());
    return detail ? send(c, detail) : send(c, { error: PATENT_NOT_FOUND }, 404);
  });
}

/** A `page` + `term` list: 400 for an over-long term, else the matching page. */
function registerSearch(app: Hono, send: SendJson, name: EndpointName, list: readonly ListEntry[]): void {
  const size = pageSizeOf(name);
  app.get(endpoints[name].path, (c) => {
    const term = parseTerm(c.req.query('term'));
    if (!term.ok) return send(c, { error: term.error }, 400);
    const page = parsePage(c.req.query('page'));
    return send(c, listPage(filterByTerm(list, prepareTerm(term.term)), page, size));
  });
}

/** A `page` + `topic_id` list; `tags` is sent with every answer when given. */
function registerTopicList(
  app: Hono,
  send: SendJson,
  name: EndpointName,
  list: readonly ListEntry[],
  tags?: readonly Topic[],
): void {
  const size = pageSizeOf(name);
  app.get(endpoints[name].path, (c) => {
    const topicId = parseTopicId(c.req.query('topic_id'));
    const page = parsePage(c.req.query('page'));
    return send(c, listPage(filterByTopic(list, topicId), page, size, tags));
  });
}

function topicNames(topics: readonly { id: number; name: string }[]): Map<number, string> {
  return new Map(topics.map((topic) => [topic.id, topic.name]));
}

/** Names of the known topics among `ids`, in the item's order; unknown ids are skipped. */
function namesOf(ids: readonly number[], names: ReadonlyMap<number, string>): string[] {
  return ids.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [name];
  });
}

function blogDetail(
  story: ContentItem & { title: string; author_name: string; content: string },
  tags: string[],
): BlogDetail {
  return {
    title: story.title,
    author: story.author_name,
    date: story.created_time,
    img: story.featured_image ?? null,
    content: story.content,
    tags,
  };
}

function patentDetail(patent: ContentItem & { title: string; content?: string | undefined }): PatentDetail {
  const list: PatentDetail['list'] = {
    title: patent.title,
    date: patent.created_time,
    img: patent.featured_image ?? null,
  };
  if (patent.content !== undefined) list.content = patent.content;
  return { list };
}
