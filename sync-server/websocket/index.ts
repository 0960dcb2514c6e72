/**
 * Websockets for panels and integrators (spec §4.4 Websocket, Totem "create a socket identifier"):
 * signed socket identifiers, the socket route, and the feed of calls it carries.
 */
export { PanelFeed, type PanelListener } from './panel-feed.js';
export { SOCKET_ID_TTL_MS, SocketIds, type SocketScope } from './socket-ids.js';
export { mountPanelSocket, type WebSocketServing } from './socket-route.js';
export { SOCKET_PATH, websocketOperations } from './websocket-ops.js';
