/**
 * A site's users through the balancer while the suite takes replicas away: readers of the feed,
 * of their session and of the health check, and writers of tweets, each in a loop until stopped.
 * What a replica's loss may cost is counted: a read that fails (nginx passes idempotent requests
 * on, so none may), and a write that was not acknowledged (a POST in flight on a replica that
 * died cannot be replayed); what was acknowledged must be in the database.
 */
import type { Database } from '../../server/db/client.js';
import { rows, type Session } from './harness.js';

export interface Load {
  /** Reads that did not answer 200: "GET <url>: <status>" (0: no answer). */
  failures: string[];
  /** Tweets whose POST answered 201. */
  acknowledged: string[];
  /**
   * nginx's X-Served-By of every answer, in order: the replicas it tried ("a:1, b:2" when it
   * passed the request on from the first to the second).
   */
  servedBy: string[];
  /** Ends the loops after their requests in flight. */
  stop(): Promise<void>;
}

export function startLoad(session: Session, site: string, readers = 3, writers = 2): Load {
  const failures: string[] = [];
  const acknowledged: string[] = [];
  const servedBy: string[] = [];
  let running = true;
  let sent = 0;
  const read = async () => {
    while (running) {
      for (const url of ['/api/v1/videos', '/api/v1/users/current-user', '/api/v1/healthcheck']) {
        const answer = await session.request(site, 'GET', url).catch(() => undefined);
        if (answer?.status !== 200) failures.push(`GET ${url}: ${answer?.status ?? 0}`);
        if (answer) servedBy.push(answer.headers.get('x-served-by') ?? '');
      }
    }
  };
  const write = async () => {
    while (running) {
      const content = `tweet ${(sent += 1)}`;
      const answer = await session
        .request(site, 'POST', '/api/v1/tweets', { content })
        .catch(() => undefined);
      if (answer?.status === 201) acknowledged.push(content);
      if (answer) servedBy.push(answer.headers.get('x-served-by') ?? '');
    }
  };
  const loops = [
    ...Array.from({ length: readers }, read),
    ...Array.from({ length: writers }, write),
  ];
  return {
    failures,
    acknowledged,
    servedBy,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Acknowledged tweets of `userId` that the database does not have. */
export async function lostWrites(database: Database, userId: string, acknowledged: string[]) {
  const stored = await rows<{ content: string }>(
    database,
    'select content from tweets where owner_id = $1',
    [userId],
  );
  const contents = new Set(stored.map((row) => row.content));
  return acknowledged.filter((content) => !contents.has(content));
}
