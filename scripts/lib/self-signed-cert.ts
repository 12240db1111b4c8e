/**
 * A throwaway certificate for a local HTTPS server (the bench's HTTP/2 servers): browsers speak
 * HTTP/2 only over TLS. Made by the system's `openssl` (Debian's `openssl`, on every machine we
 * run on), valid for two days, for `127.0.0.1` and `localhost`; the browser is told to trust its key.
 */
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TlsIdentity } from './static-server.ts';

/** A certificate, and the hash a browser is told to trust it by. */
export interface SelfSignedCert extends TlsIdentity {
  /**
   * The base64 SHA-256 of the certificate's public key, for Chromium's
   * `--ignore-certificate-errors-spki-list`: trusted that way, its answers are cached as any
   * site's (with `--ignore-certificate-errors` Chromium caches nothing, and the lists' prefetched
   * island code was downloaded twice).
   */
  spki: string;
}

export function selfSignedCert(): SelfSignedCert {
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
        '2',
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
    const pem = readFileSync(cert, 'utf8');
    const spki = createHash('sha256')
      .update(createPublicKey(pem).export({ type: 'spki', format: 'der' }))
      .digest('base64');
    return { key: readFileSync(key, 'utf8'), cert: pem, spki };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
