/**
 * Resolves in a later task, so that the main thread can paint and take input between two steps
 * of the SDK's start-up (decision 016): `scheduler.yield()` where the browser has it (the
 * continuation runs before other queued work), else a message through a `MessageChannel` (a task
 * without `setTimeout`'s clamping).
 */
export function nextTask(): Promise<void> {
  const scheduler: unknown = Reflect.get(globalThis, 'scheduler');
  if (scheduler && typeof (scheduler as { yield?: unknown }).yield === 'function')
    return (scheduler as { yield(): Promise<void> }).yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}
