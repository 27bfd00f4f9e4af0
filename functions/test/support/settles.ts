// For the tests that show the Realtime Database SDK losing a transaction: such a promise never
// settles, so a test can only ask whether it settled within a while.

/** Whether `promise` settles (resolves or rejects) within `ms`. */
export async function settles(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([settled, late]);
  clearTimeout(timer);
  return result;
}
