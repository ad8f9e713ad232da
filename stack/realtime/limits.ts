/**
 * Supabase Realtime's per-client limits (its self-hosting defaults) and the frame sizes the
 * local service accepts and buffers.
 */

/** Largest frame a client may send (Realtime's default websocket max frame is 1 MB too). */
export const MAX_PAYLOAD = 1024 * 1024;
/** What may wait unsent for one socket before it is dropped as a reader that stopped. */
export const MAX_BUFFERED = 16 * 1024 * 1024;
/** Realtime's default max_channels_per_client. */
export const MAX_CHANNELS_PER_SOCKET = 100;
/** Messages a socket may send per second, channel joins per second, and the size of one broadcast's payload. */
export const MAX_EVENTS_PER_SECOND = 100;
export const MAX_JOINS_PER_SECOND = 100;
export const MAX_PAYLOAD_BYTES = 256 * 1024;
/** Frames one socket may have waiting for their turn; past this it is closed (1008). */
export const MAX_PENDING_PER_SOCKET = 200;
