import { expect, test } from 'vitest';
import { nextTask } from './next-task.js';

/**
 * The order that lets a rendering run between two steps: a task queued before the step's yield
 * runs first. `scheduler.yield()`'s continuation would run ahead of it, as ahead of a pending
 * rendering (decision 016). What that does to the long animation frames is `npm run bench`'s to
 * measure: whether Chromium renders between two tasks also depends on its compositor.
 */
test('nextTask() resolves in a later task, after a task queued before it', async () => {
  const order: string[] = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => order.push('queued before');
  channel.port2.postMessage(0);
  await nextTask();
  order.push('next task');
  channel.port1.close();
  expect(order).toEqual(['queued before', 'next task']);
});
