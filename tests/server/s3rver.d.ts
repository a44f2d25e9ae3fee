/** The part of s3rver 3.x (untyped) that the tests' S3 server uses. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }
  interface S3rverEvent {
    Records: { eventName: string; s3: { object: { key: string } } }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    on(event: 'event', listener: (event: S3rverEvent) => void): this;
  }
}
