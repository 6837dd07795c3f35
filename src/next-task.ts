/**
 * Resolves in a later task, so that the main thread can paint and take input between two steps
 * of the SDK's start-up (decision 016): a message through a `MessageChannel`, a task of the
 * page's own priority without `setTimeout`'s clamping. Not `scheduler.yield()`: Chromium runs its
 * continuations ahead of a pending rendering, so a chain of short steps became one long
 * animation frame with no paint in it (decision 016, "Why a task and not `scheduler.yield()`").
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}
