/**
 * The site's Cloudflare Worker (`main` in wrangler.jsonc): runs only for requests that match no
 * static asset; see handler.ts for what it answers.
 *
 * The headers come from `public/_headers` itself, bundled as text by wrangler (the `Text` module
 * rule in wrangler.jsonc) and parsed with the same parser as `npm start`'s server, so the
 * Worker's answers and the asset server's can never disagree. `stage.ts` refuses a site folder
 * whose `_headers` differs from `public/_headers` but for the build's `Link` preloads of pages
 * (never of a miss), so the release deployed beside this Worker carries the same rules.
 */
import headersText from '../../../public/_headers';
import { parseHeadersFile } from '../lib/headers-file.ts';
import { answerMiss, type AssetsFetcher } from './handler.ts';

interface Env {
  ASSETS: AssetsFetcher;
}

const rules = parseHeadersFile(headersText);

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return answerMiss(request, env.ASSETS, rules);
  },
};
