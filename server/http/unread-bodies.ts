/**
 * Answers given before the request body was read to its end (a 413 for an
 * oversized JSON body, form or upload; a 401 before a body is looked at):
 * the rest of the body is read and dropped after the answer, so the client
 * reads the answer and the connection carries on. Closing at once would make
 * the kernel reset a connection that still has unread bytes, and the reset
 * can wipe the answer from the client's buffer before it is read: the
 * client, still sending, sees "connection reset" instead of the 413.
 *
 * A body too large or too slow to drop within DRAIN_LIMIT_BYTES or
 * DRAIN_LIMIT_MS is not waited for: the server half-closes (its answer, then
 * end of stream), goes on dropping what arrives for LINGER_MS, then closes
 * (docs/decisions/035-oversized-bodies-answered-then-drained.md).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

/** Past the largest body any route takes (25 MB uploads are refused by their declared size first). */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;
export const DRAIN_LIMIT_MS = 10_000;
/** After the half-close: time for the client to read the answer before the connection closes. */
export const LINGER_MS = 2_000;

/** Half-closes, drops what still arrives, and closes once the client closes or LINGER_MS is up. */
function lingeringClose(socket: Socket): void {
  if (socket.destroyed) return;
  socket.end();
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Reads and drops the rest of `incoming` once its answer is sent. */
function drainAfterAnswer(incoming: IncomingMessage, outgoing: ServerResponse): void {
  outgoing.once('finish', () => {
    if (incoming.complete || incoming.destroyed) return;
    const socket = incoming.socket;
    // A handler's reader that stopped (a body stream that filled up and
    // paused) would hold the flow; Node's own dump of an unread body does the same.
    incoming.removeAllListeners('data');
    let dropped = 0;
    const stop = () => {
      clearTimeout(timer);
      incoming.off('data', count);
      incoming.off('end', stop);
      incoming.off('error', stop);
      socket.off('close', stop);
    };
    const giveUp = () => {
      stop();
      lingeringClose(socket);
    };
    const count = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DRAIN_LIMIT_BYTES) giveUp();
    };
    const timer = setTimeout(giveUp, DRAIN_LIMIT_MS);
    timer.unref();
    incoming.on('data', count);
    incoming.once('end', stop);
    incoming.once('error', stop);
    socket.once('close', stop);
    incoming.resume();
  });
}

/** Makes `server` drop the unread rest of each request body after its answer. */
export function drainUnreadBodies(server: Server): void {
  // Ahead of the app's listener, so it is in place however soon the answer ends.
  server.prependListener('request', drainAfterAnswer);
}

type ServeOptions = Parameters<typeof serve>[0];

/**
 * The app on a Node HTTP server, as production and the socket tests run it.
 * The adapter's own clean-up of unread bodies is off: it closes the
 * connection after half a second, which is the reset this module avoids.
 */
export function serveApp(options: ServeOptions, listening?: Parameters<typeof serve>[1]): ServerType {
  const server = serve({ ...options, autoCleanupIncoming: false }, listening);
  drainUnreadBodies(server as Server);
  return server;
}
