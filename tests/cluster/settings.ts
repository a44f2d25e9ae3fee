/**
 * The one cluster every file of the cluster suite shares (global-setup.ts starts it): the
 * environment its replicas and worker run with, and what the setup hands the test files.
 */

/** A heartbeat a second: nginx's read timeout of the live stream is then 3 s (nginx.ts). */
export const HEARTBEAT_MS = 1_000;

export const CLUSTER_ENV = {
  // Far longer than any wait of the suite: only invalidation can make a change show in time.
  FEED_CACHE_MS: '600000',
  // A job the lease gives back is retried at once, so the wait is the detection's own.
  TRANSCODE_RETRY_SECONDS: '1',
  LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS),
};

/** One API replica or the worker, as a test file sees it. */
export interface SharedMember {
  name: string;
  /** Where a replica is reached directly; none for the worker. */
  url?: string;
  logFile: string;
}

export interface SharedCluster {
  /** The balancer (nginx). */
  url: string;
  replicas: SharedMember[];
  worker: SharedMember;
  databaseUrl: string;
  bucketEndpoint: string;
  balancerErrorLog: string;
  /** Whether every process has a network namespace of its own (else all on 127.0.0.1). */
  isolated: boolean;
  /** The run's folder. */
  dir: string;
  /** The setup's control server: stops and starts members for the test files (control.ts). */
  control: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: SharedCluster;
  }
}
