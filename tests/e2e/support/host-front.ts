/**
 * What a static host puts in front of the site, for the HTTP Observatory's scan: HTTPS with a
 * certificate made for this run, and plain HTTP on the same port answered with a redirect to
 * HTTPS (Netlify and Cloudflare Pages do both for every site). Every HTTPS request is passed
 * unchanged to the local static server, so the headers scanned are the ones `npm start` sends
 * from `public/_headers`.
 *
 * The Observatory takes a host name and tries `http://` and `https://` at the same port, so
 * one port speaks both: a connection that starts with a TLS handshake record goes to the HTTPS
 * server, anything else to the redirecting one.
 */
import { writeFileSync } from 'node:fs';
import { createServer as createPlainServer, request as forward } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { selfSignedCert } from '../../../scripts/lib/self-signed-cert.ts';

/** First byte of a TLS record carrying a handshake (a ClientHello). */
const TLS_HANDSHAKE = 0x16;

export interface Certificate {
  /** PEM file of the self-signed certificate: the only trusted root of the scanning process. */
  certFile: string;
  cert: Buffer;
  key: Buffer;
}

/** A self-signed certificate for 127.0.0.1 (`selfSignedCert`), its PEM file written into `dir`. */
export function makeCertificate(dir: string): Certificate {
  const { cert, key } = selfSignedCert();
  const certFile = join(dir, 'cert.pem');
  writeFileSync(certFile, cert);
  return { certFile, cert: Buffer.from(cert), key: Buffer.from(key) };
}

export interface HostFront {
  /** `127.0.0.1:PORT`, the host name the Observatory is given. */
  host: string;
  close(): Promise<void>;
}

/** Starts the front on a free port of 127.0.0.1, passing HTTPS requests to `target` (`http://127.0.0.1:4390`). */
export async function startHostFront(target: string, { cert, key }: Certificate): Promise<HostFront> {
  const upstream = new URL(target);
  const tls = createTlsServer({ cert, key }, (req, res) => {
    const proxied = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  let port = 0;
  const plain = createPlainServer((req, res) => {
    res.writeHead(301, { Location: `https://127.0.0.1:${port}${req.url ?? '/'}` }).end();
  });
  const front = createTcpServer((socket) => {
    socket.once('data', (chunk) => {
      socket.pause();
      socket.unshift(chunk);
      (chunk[0] === TLS_HANDSHAKE ? tls : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  port = (front.address() as AddressInfo).port;
  return {
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        tls.closeAllConnections();
        plain.closeAllConnections();
        front.close(() => resolve());
      }),
  };
}
