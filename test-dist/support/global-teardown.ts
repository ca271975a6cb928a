import type { Started } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const started = (globalThis as { quarryDist?: Started }).quarryDist;
  if (!started) return;
  await started.quarry.stop();
  await Promise.all(started.closers.map((close) => close()));
}
