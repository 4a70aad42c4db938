// Waiting for work for a bounded time: past it, the answer is `notInTime`, and whatever the work later answers (or
// throws) is dropped. The work is not cancelled, only no longer waited for; its own timeouts end it.

export const notInTime = Symbol('not in time');

export const within = <T>(work: Promise<T>, ms: number): Promise<T | typeof notInTime> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof notInTime>((resolve) => (timer = setTimeout(resolve, ms, notInTime)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};
