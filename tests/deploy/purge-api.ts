/**
 * A local stand-in for Cloudflare's purge-cache API (node:http), for tests of `npm run purge`:
 * it records every request as it came (method, path, headers, JSON body) and answers from a
 * script of statuses, then `200 {"success":true}` once the script runs out.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface RecordedRequest {
  method: string;
  /** The path as sent, before any decoding. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or the raw text when it is not JSON. */
  body: unknown;
  /** Milliseconds since the stand-in started. */
  at: number;
}

/** One scripted answer: a status, headers and a JSON body; `hang` never answers. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  hang?: boolean;
}

export interface PurgeApiStandIn {
  url: string;
  requests: RecordedRequest[];
  /** Answers for the next requests, in order. */
  answers: ScriptedAnswer[];
  close(): Promise<void>;
}

export const OK_ANSWER = { success: true, errors: [], messages: [], result: { id: 'stand-in' } };

export async function startPurgeApi(answers: ScriptedAnswer[] = []): Promise<PurgeApiStandIn> {
  const start = performance.now();
  const requests: RecordedRequest[] = [];
  const standIn = { requests, answers } as PurgeApiStandIn;
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the test sees what was sent
      }
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        at: performance.now() - start,
      });
      const answer = standIn.answers.shift() ?? { status: 200, body: OK_ANSWER };
      if (answer.hang) return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body ?? { success: answer.status < 400, errors: [] }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  standIn.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  standIn.close = () =>
    new Promise((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return standIn;
}
