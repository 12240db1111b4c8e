/** The test content API (started by the Playwright config) and helpers to read it. */
import type { APIRequestContext } from '@playwright/test';
import { TEST_API_PORT } from '../../../scripts/lib/test-env.ts';

export const API = `http://127.0.0.1:${TEST_API_PORT}`;

export interface ApiItem {
  analytics_page_id: string;
  title?: string;
  html_title?: string;
  absolute_url: string;
  meta_description?: string;
  featured_image?: string | null;
  thumb?: string | null;
  /** The answer HTML of an FAQ item. */
  post_body?: string;
}
export interface ApiList {
  objects: ApiItem[];
  paging: { page_size: number; start_page: number; end_page: number };
  tags?: { id: number; name: string; slug?: string }[];
}

export async function apiList(request: APIRequestContext, path: string): Promise<ApiList> {
  const response = await request.get(`${API}${path}`);
  if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
  return (await response.json()) as ApiList;
}

export const titleOf = (item: ApiItem) => item.html_title || item.title || '';

/** A fake list answer for intercepted calls: `count` items and a total of `total`. */
export function fakeList(page: number, total: number, prefix: string, perPage = 9): ApiList {
  const start = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - start));
  return {
    objects: Array.from({ length: count }, (_, i) => ({
      analytics_page_id: `${prefix}-${start + i + 1}`,
      title: `${prefix} 테스트 글 ${start + i + 1}`,
      meta_description: '가짜 응답으로 만든 항목입니다.',
      absolute_url: `/info/blog/${prefix}-${start + i + 1}`,
      created_time: '2026-10-02T09:00:00+09:00',
      author_name: '테스트',
      addr: '온라인',
      type: 1,
      no: start + i + 1,
      views: 10,
    })) as ApiItem[],
    paging: { page_size: total, start_page: 1, end_page: 1 },
  };
}
