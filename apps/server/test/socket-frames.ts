import type { Agent } from './harness';

/** A socket's frames (JSON), awaited one by one: `next(match)` takes the first that matches, waiting for it. */
export function framesOf<Frame>(socket: { on(event: 'message', listener: (data: Buffer) => void): unknown }) {
  const frames: Frame[] = [];
  const waiting: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    for (const wake of waiting.splice(0)) wake();
  });
  return async function next(match: (f: Frame) => boolean): Promise<Frame> {
    for (;;) {
      const index = frames.findIndex(match);
      if (index >= 0) return frames.splice(index, 1)[0]!;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
}

/** The agent's cookies as a request's `cookie` header. */
export const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
