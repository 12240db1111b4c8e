/**
 * Reading an answer whose size the other side decides: the content API's JSON and the pictures
 * the build fetches. No imports, so the API reader and the picture fetch share it without a cycle.
 */

/** The body, or null when it is longer than `limit` (read no further than that). */
export async function readCapped(response: Response, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit || !response.body) {
    await response.body?.cancel();
    return declared > limit ? null : new Uint8Array(0);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
