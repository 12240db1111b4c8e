// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAllowedImage, imageOrigins, MAX_BYTES } from './inline-remote.ts';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';
let api: Server;
let other: Server;
let apiOrigin = '';
let otherOrigin = '';
let otherHits = 0;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  other = createServer((_req, res) => {
    otherHits++;
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg);
  });
  otherOrigin = await listen(other);
  api = createServer((req, res): void => {
    if (req.url === '/small.svg')
      return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg);
    if (req.url === '/moved.svg') return void res.writeHead(302, { location: '/small.svg' }).end();
    if (req.url === '/away.svg') return void res.writeHead(302, { location: `${otherOrigin}/x.svg` }).end();
    // A huge body with no Content-Length: the cap must hold while reading.
    if (req.url === '/endless.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(16 * 1024);
      let sent = 0;
      const push = (): void => {
        while (sent < 10 * MAX_BYTES) {
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', push);
            return;
          }
        }
        res.end();
      };
      push();
      return;
    }
    res.writeHead(404).end();
  });
  apiOrigin = await listen(api);
});

afterAll(() => {
  api.close();
  other.close();
});

describe('fetchAllowedImage', () => {
  it('inlines a small image from the API origin, following a redirect within it', async () => {
    const origins = imageOrigins(apiOrigin, '');
    expect(await fetchAllowedImage(`${apiOrigin}/small.svg`, origins)).toMatch(/^data:image\/svg\+xml,/);
    expect(await fetchAllowedImage(`${apiOrigin}/moved.svg`, origins)).toMatch(/^data:image\/svg\+xml,/);
  });

  it('never fetches from another host, directly or through a redirect', async () => {
    const origins = imageOrigins(apiOrigin, '');
    otherHits = 0;
    expect(await fetchAllowedImage(`${otherOrigin}/x.svg`, origins)).toBeNull();
    expect(await fetchAllowedImage(`${apiOrigin}/away.svg`, origins)).toBeNull();
    expect(otherHits).toBe(0);
  });

  it('fetches from a configured image host', async () => {
    expect(
      await fetchAllowedImage(`${otherOrigin}/x.svg`, imageOrigins(apiOrigin, ` ${otherOrigin} , not a url`)),
    ).toMatch(/^data:/);
  });

  it('stops reading a body that grows past the cap', async () => {
    expect(await fetchAllowedImage(`${apiOrigin}/endless.png`, imageOrigins(apiOrigin, ''))).toBeNull();
  });
});
