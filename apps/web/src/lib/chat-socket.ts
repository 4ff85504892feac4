import { useEffect, useRef, useState } from 'react';
import type { ChatClientFrame, ChatServerFrame } from '@merchant/business';

/** How long to wait before the next attempt after a socket closed: doubling from 1 s up to 15 s. */
const retryDelay = (attempt: number) => Math.min(1000 * 2 ** Math.min(attempt, 4), 15_000);

export interface ChatSocket<C = ChatClientFrame> {
  /** Whether the socket is open now (a closed one reconnects by itself). */
  connected: boolean;
  send(frame: C): void;
}

/**
 * A chat WebSocket (docs/decisions.md, "Support chat") at `path` on this origin that reconnects by itself; `onOpen`
 * runs on every (re)connection, so the screen follows its conversation again from the last message it has, and
 * the server replays what it missed. Frames go to `onFrame`. No path: no socket. The bell's socket
 * (docs/decisions.md, "Notifications") is one too, with frames of its own (`S` received, `C` sent).
 */
export function useChatSocket<S = ChatServerFrame, C = ChatClientFrame>(
  path: string | null,
  handlers: { onOpen(socket: ChatSocket<C>): void; onFrame(frame: S): void },
): ChatSocket<C> {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const socketRef = useRef<WebSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const api = useRef<ChatSocket<C>>({ connected: false, send: () => undefined });

  useEffect(() => {
    if (!path) return;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = (frame: C) => {
      const socket = socketRef.current;
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    };
    const connect = () => {
      const url = new URL(path, window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      const socket = new WebSocket(url);
      socketRef.current = socket;
      socket.onopen = () => {
        attempt = 0;
        setConnected(true);
        api.current = { connected: true, send };
        handlersRef.current.onOpen(api.current);
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        try {
          handlersRef.current.onFrame(JSON.parse(event.data) as S);
        } catch {
          // Not a frame of ours: ignored.
        }
      };
      socket.onclose = () => {
        setConnected(false);
        api.current = { connected: false, send };
        if (stopped) return;
        timer = setTimeout(connect, retryDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [path]);

  return { connected, send: (frame) => api.current.send(frame) };
}

/** Messages by seq, without duplicates (an answer arrives both from its POST and from the socket). */
export function mergeMessages<M extends { seq: number }>(current: readonly M[], incoming: readonly M[]): M[] {
  const bySeq = new Map<number, M>();
  for (const m of current) bySeq.set(m.seq, m);
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
