/**
 * The bench's content server: the reference server plus what the bench needs around it —
 * restarts on the same port with the same remote options after the content files change, and
 * traffic counters that survive those restarts.
 */
import {
  startServer,
  type RemoteOptions,
  type RunningServer,
  type TrafficStats,
} from '../content-api/server.ts';

export class BenchServer {
  #server: RunningServer;
  /** Counters of the servers closed by restarts since the last reset. */
  #carried: TrafficStats = emptyStats();
  readonly #contentDir: string;
  readonly #remote: RemoteOptions | null;

  private constructor(server: RunningServer, contentDir: string, remote: RemoteOptions | null) {
    this.#server = server;
    this.#contentDir = contentDir;
    this.#remote = remote;
  }

  /** Starts a server on a free port over `contentDir`, in remote mode when `remote` is given. */
  static async start(contentDir: string, remote: RemoteOptions | null = null): Promise<BenchServer> {
    return new BenchServer(await startServer({ contentDir, port: 0, remote }), contentDir, remote);
  }

  get url(): string {
    return this.#server.url;
  }

  /**
   * Reloads the content files. The server reads them only at start, so it is restarted — on
   * the same port, because image addresses carry the server's origin.
   */
  async restart(): Promise<void> {
    const old = this.#server;
    await old.close();
    // Read after closing: requests in flight at the restart are counted when they finish.
    this.#carried = addStats(this.#carried, old.stats());
    this.#server = await startServer({ contentDir: this.#contentDir, port: old.port, remote: this.#remote });
  }

  /** Traffic since the last reset, across restarts. */
  stats(): TrafficStats {
    return addStats(this.#carried, this.#server.stats());
  }

  resetStats(): void {
    this.#carried = emptyStats();
    this.#server.resetStats();
  }

  close(): Promise<void> {
    return this.#server.close();
  }
}

function emptyStats(): TrafficStats {
  return { requests: 0, ok: 0, notModified: 0, refused: 0, failed: 0, bytes: 0 };
}

function addStats(a: TrafficStats, b: TrafficStats): TrafficStats {
  return {
    requests: a.requests + b.requests,
    ok: a.ok + b.ok,
    notModified: a.notModified + b.notModified,
    refused: a.refused + b.refused,
    failed: a.failed + b.failed,
    bytes: a.bytes + b.bytes,
  };
}
