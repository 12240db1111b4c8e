/**
 * `GET /images/<file>`: the content's images, from one flat folder.
 */
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Hono } from 'hono';
import type { SendJson } from './respond.ts';

/** Korean message of the 404 answer for a missing or refused image name. */
export const IMAGE_NOT_FOUND = '이미지를 찾을 수 없습니다.';

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

// A plain file name: no separators, and no leading dot, so neither `..` nor hidden files can
// be named. Together with the flat folder this rules out path traversal.
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const IMAGE_HEADERS = {
  'Cache-Control': 'public, max-age=86400',
  'X-Content-Type-Options': 'nosniff',
  // An SVG opened directly is a document that could run script; allow only its own styles
  // and embedded data images.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
};

/** Registers the image route, serving files of `imagesDir`. */
export function registerImageRoute(app: Hono, imagesDir: string, send: SendJson): void {
  app.get('/images/:file', async (c) => {
    const file = c.req.param('file');
    const type = IMAGE_TYPES[extname(file).toLowerCase()];
    if (!SAFE_NAME.test(file) || type === undefined) return send(c, { error: IMAGE_NOT_FOUND }, 404);
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = new Uint8Array(await readFile(join(imagesDir, file)));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return send(c, { error: IMAGE_NOT_FOUND }, 404);
      throw error;
    }
    return c.body(bytes, 200, { ...IMAGE_HEADERS, 'Content-Type': type });
  });
}
