/**
 * What `work` gives, or `{ late: true }` when it takes longer than `ms`: the caller decides what late
 * means (a fallback, a gauge left out, an error). The timer is cleared either way; late work runs on
 * unawaited, and a failure that comes first rejects here.
 */
export async function withinTime<T>(work: Promise<T>, ms: number): Promise<{ late: false; value: T } | { late: true }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<{ late: true }>((resolve) => {
    timer = setTimeout(() => resolve({ late: true }), ms);
  });
  try {
    return await Promise.race([work.then((value) => ({ late: false as const, value })), late]);
  } finally {
    clearTimeout(timer);
  }
}
