/**
 * Every door of the local Realtime: the WebSocket, the events a client may send on it, and
 * the HTTP broadcast paths (under /realtime/v1). The service dispatches through these lists
 * and the door inventory (SECURITY.md) is checked against them.
 */

/** Where the socket is opened (an HTTP upgrade). */
export const WEBSOCKET_PATH = '/realtime/v1/websocket';

/** Events answered before any channel: the heartbeat (topic `phoenix`) and joining a channel. */
export const SOCKET_EVENTS = ['heartbeat', 'phx_join'] as const;

/** Events a client may push on a channel it has joined. */
export const CHANNEL_EVENTS = ['phx_leave', 'access_token', 'broadcast', 'presence'] as const;
export type ChannelEvent = (typeof CHANNEL_EVENTS)[number];

/** Realtime's HTTP broadcast (supabase-js `send` before a join, and `httpSend`). */
export const HTTP_ROUTES = [
  { method: 'POST', path: '/api/broadcast' },
  { method: 'POST', path: '/api/broadcast/:topic/events/:event' },
] as const;
