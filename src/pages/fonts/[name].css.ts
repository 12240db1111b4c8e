/** `/fonts/pretendard-<hash>.css`: the web font stylesheet the layout loads after the page (see src/lib/fonts/pretendard.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { pretendardCss, pretendardCssName } from '../../lib/fonts/pretendard.ts';

export const getStaticPaths = (() => [{ params: { name: pretendardCssName } }]) satisfies GetStaticPaths;

export const GET: APIRoute = () =>
  new Response(pretendardCss, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
