/**
 * The content API as the build sees it: the typed client on the configured host, with
 * failures turned into errors that stop the build with a clear message (a build never
 * publishes a site made from a broken API). Under the nightly rebuild the build reads the
 * rebuild's recorded snapshot instead (`recorded-api.ts`), so the API is read once per run.
 */
import { createApiClient, type ApiClient } from '../api/client.ts';
import { createPoliteFetch } from '../api/polite-fetch.ts';
import type { EndpointData, EndpointName, EndpointQuery } from '../api/endpoints.ts';
import { FetchError, type Fetcher } from './build-data.ts';
import { DEFAULT_CONTENT_API_URL } from '../site-defaults.ts';
import { readRecordedCalls, replayFetcher, SNAPSHOT_FILE_ENV } from './recorded-api.ts';

/** The content API the build reads: `PUBLIC_CONTENT_API_URL`, or the reference server. */
export function buildApiUrl(): string {
  return process.env.PUBLIC_CONTENT_API_URL || DEFAULT_CONTENT_API_URL;
}

/** Calls per second the build may start (`CONTENT_API_RATE`, default 10; `0`: no limit). */
function buildApiRate(): number {
  const rate = Number(process.env.CONTENT_API_RATE ?? 10);
  return Number.isFinite(rate) && rate >= 0 ? rate : 10;
}

let client: ApiClient | undefined;
let replay: Fetcher | undefined;

/** Calls an endpoint at build time; throws a Korean error naming the call when it fails. */
export async function fetchForBuild<N extends EndpointName>(
  name: N,
  query: EndpointQuery = {},
): Promise<EndpointData<N>> {
  const snapshotFile = process.env[SNAPSHOT_FILE_ENV];
  if (snapshotFile) {
    replay ??= replayFetcher(readRecordedCalls(snapshotFile));
    return replay(name, query);
  }
  // One polite reader for the whole build: every loader's calls share its rate, retries and budget.
  client ??= createApiClient({
    baseUrl: buildApiUrl(),
    timeoutMs: 0,
    fetch: createPoliteFetch({ timeoutMs: 30_000, ratePerSecond: buildApiRate() }) as typeof globalThis.fetch,
  });
  const result = await client(name, query);
  if (!result.ok) {
    const detail = result.error.detail ? ` [${result.error.detail}]` : '';
    throw new FetchError(
      result.error.kind,
      `콘텐츠 API 호출 실패 (${buildApiUrl()} ${name} ${JSON.stringify(query)}): ${result.error.message}${detail}`,
    );
  }
  return result.data;
}
