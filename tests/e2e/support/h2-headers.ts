/**
 * What a response's headers weigh on the wire over HTTP/2, the protocol every visitor's browser
 * speaks to our hosts (a CDN, or nginx with TLS: browsers use HTTP/1.1 only without it): HPACK
 * compresses them with its static table and Huffman codes, and a header an early hint (103)
 * sent first costs the final response one byte of reference. Measured with Node's own HTTP/2
 * (nghttp2) on a fresh connection, less what a bare `:status: 200` costs on one.
 */
import { connect, createServer, type OutgoingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';

/**
 * Headers HTTP/2 forbids (connection-specific), dropped as a CDN drops them; and the length,
 * which the bodiless answer measured here would contradict (about four bytes in HPACK).
 */
const LEFT_OUT = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'content-length',
]);

function h2Headers(headers: Record<string, string | string[] | undefined>): OutgoingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => value !== undefined && !LEFT_OUT.has(name)),
  );
}

/** Bytes the server wrote on one connection that answered one request with these header blocks. */
async function serverBytes(
  headers: OutgoingHttpHeaders,
  early: OutgoingHttpHeaders | undefined,
): Promise<number> {
  let written = 0;
  const server = createServer();
  server.on('stream', (stream) => {
    if (early) stream.additionalHeaders({ ':status': 103, ...early });
    stream.respond({ ':status': 200, ...headers }, { endStream: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const sockets: { bytesWritten: number }[] = [];
  server.on('session', (session) => sockets.push(session.socket));
  const client = connect(`http://127.0.0.1:${port}`);
  try {
    await new Promise<void>((resolve, reject) => {
      const request = client.request({ ':path': '/' });
      request.on('error', reject);
      request.on('end', resolve);
      request.resume();
    });
    written = sockets.reduce((sum, socket) => sum + socket.bytesWritten, 0);
  } finally {
    client.close();
    await new Promise((resolve) => server.close(resolve));
  }
  return written;
}

/** The bytes of `headers` (and of an early hint's, sent first) over HTTP/2. */
export async function http2HeaderBytes(
  headers: Record<string, string | string[] | undefined>,
  early?: Record<string, string | string[] | undefined>,
): Promise<number> {
  const [sent, bare] = await Promise.all([
    serverBytes(h2Headers(headers), early ? h2Headers(early) : undefined),
    serverBytes({}, undefined),
  ]);
  return sent - bare;
}
