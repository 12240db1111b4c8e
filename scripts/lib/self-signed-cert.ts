/**
 * A throwaway certificate for a local HTTPS server (the bench's HTTP/2 servers): browsers speak
 * HTTP/2 only over TLS. Made by the system's `openssl` (Debian's `openssl`, on every machine we
 * run on), valid for a day, for `127.0.0.1` and `localhost`; the browser is told to accept it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TlsIdentity } from './static-server.ts';

export function selfSignedCert(): TlsIdentity {
  const dir = mkdtempSync(join(tmpdir(), 'self-signed-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
