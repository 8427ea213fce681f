/** The longest a player waits for any part of a remote before seeing "Unavailable". */
export const REMOTE_DEADLINE_MS = 5000;
/** Each single request (manifest, entry script) gives up a little earlier. */
export const REQUEST_TIMEOUT_MS = 4000;

class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
}

export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
