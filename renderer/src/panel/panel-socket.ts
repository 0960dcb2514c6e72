/**
 * The panel's line to the clinic's sync server: a socket identifier from `POST /clinic/{id}/socket`
 * (with the totem key), then `ws://…/v1/websocket/endpoint?socket=…`. A dropped socket reconnects
 * with a fresh identifier (identifiers expire), waiting a little longer after each failure.
 */
import { openSocket, type PanelCall } from '../totem/kiosk-api.js';
import type { KioskConfig } from '../totem/kiosk-config.js';

/** A frame of the panel socket: the list, or a call or recall with the list after it. */
export interface PanelFrame {
  type: 'panel' | 'call' | 'recall';
  day: string;
  waiting: number;
  calls: PanelCall[];
  call?: PanelCall;
}

/** Keeps a panel socket open until the returned function is called. */
export function followPanel(
  config: KioskConfig,
  onFrame: (frame: PanelFrame) => void,
  onConnected: (connected: boolean) => void,
): () => void {
  let stopped = false;
  let socket: WebSocket | undefined;
  let delay = 500;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let heard = Date.now();
  // The server pings every 20 s: a minute of silence is a dead line, even if the socket looks open.
  const watchdog = setInterval(() => {
    if (socket?.readyState === WebSocket.OPEN && Date.now() - heard > 60_000) socket.close();
  }, 10_000);

  const retry = () => {
    onConnected(false);
    if (stopped) return;
    timer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, 10_000);
  };

  const connect = async () => {
    try {
      const { path } = await openSocket(config);
      if (stopped) return;
      socket = new WebSocket(config.server.replace(/^http/, 'ws') + path);
      socket.onopen = () => {
        heard = Date.now();
        delay = 500;
        onConnected(true);
      };
      socket.onmessage = (event: MessageEvent<string>) => {
        heard = Date.now();
        const frame = JSON.parse(event.data) as PanelFrame | { type: 'ping' };
        if (frame.type !== 'ping') onFrame(frame);
      };
      socket.onclose = retry;
    } catch {
      retry();
    }
  };

  void connect();
  return () => {
    stopped = true;
    clearInterval(watchdog);
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}
