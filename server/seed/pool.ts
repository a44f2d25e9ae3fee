/**
 * Runs async jobs with at most `limit` in flight (ffmpeg on a 2-core machine: 2 at a time).
 * After a failure no new job starts, and the call rejects only once the running ones have
 * settled, so a caller's cleanup never races a job that is still writing files.
 */
export async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  job: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && nextIndex < items.length) {
      const index = nextIndex++;
      try {
        results[index] = await job(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
  const rejection = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (rejection) throw rejection.reason;
  return results;
}
