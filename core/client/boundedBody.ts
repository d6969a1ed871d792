// The one reader of an HTTP body within a byte budget: an undici answer's body or a node:http
// request, read by events (an async iterator costs a promise per chunk, a tenth of a small
// answer's time), never more than the budget held. Past the budget a reader chooses: cut (keep the
// first bytes, the rest not read), refuse (a typed error, BodyTooLarge), or drain (read on without
// keeping, to a hard limit: a server must read a request before it can answer 413). A streaming
// reader (the site reader) takes each chunk as it arrives instead, and may make the body wait or
// stop it. The text is decoded once, from the bytes kept.
import type { EventEmitter } from 'node:events';

/** An undici `BodyReadable` or a node:http `IncomingMessage`. */
export type BodyStream = EventEmitter & { destroy(): void; pause(): unknown; resume(): unknown };

/** The body was larger than `maxBytes`: refused, or past a drain's hard limit. */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes.`); // l10n-exempt: each reader says it in its own words
    this.name = 'BodyTooLarge';
  }
}

export interface BodyLimits {
  maxBytes: number;
  /** What happens past `maxBytes` (see the file's head). */
  past: 'cut' | 'refuse' | 'drain';
  /** With `drain`: bytes read in all before the body is dropped (BodyTooLarge). */
  drainBytes?: number;
  /**
   * Takes each chunk (within the budget) instead of keeping it. `true` stops the reading (the
   * rest is dropped); a promise makes the body wait for it.
   */
  onChunk?: (chunk: Buffer) => boolean | void | Promise<boolean | void>;
}

export interface BoundedBody {
  /** The bytes kept (none with `onChunk`). */
  bytes: Buffer;
  /** More arrived than `maxBytes` (cut, or drained past it). */
  truncated: boolean;
  /** Bytes that arrived: past the budget, the chunk that crossed it and any drained. */
  received: number;
  /** `onChunk` stopped the reading. */
  stopped: boolean;
  /** The bytes kept as UTF-8 text. */
  text(): string;
}

/** Reads `body` within `limits`. Rejects with the stream's error, BodyTooLarge, or an error coded UND_ERR_SOCKET when it closes before its end. */
export function readBoundedBody(body: BodyStream, limits: BodyLimits): Promise<BoundedBody> {
  const { maxBytes, past, onChunk } = limits;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    let settled = false;
    /** A chunk the streaming reader is still taking: the end waits for it. */
    let pending: Promise<unknown> | undefined;
    const stop = () => {
      settled = true;
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
      body.off('close', onClose);
    };
    const done = (stopped: boolean) => {
      if (settled) return;
      stop();
      const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      resolve({ bytes, truncated, received: size, stopped, text: () => bytes.toString('utf8') });
    };
    const fail = (error: unknown) => {
      if (settled) return;
      stop();
      reject(error);
    };
    // The rest is not read: destroying the body makes undici report an abort, expected here.
    const drop = () => {
      body.on('error', () => undefined);
      body.destroy();
    };
    const take = (chunk: Buffer) => {
      if (!onChunk) return void chunks.push(chunk);
      const said = onChunk(chunk);
      if (said === true) {
        done(true);
        drop();
      } else if (said instanceof Promise) {
        body.pause();
        pending = said.then(
          (wanted) => {
            if (wanted === true) {
              done(true);
              drop();
            } else if (!settled) body.resume();
          },
          (error: unknown) => {
            fail(error);
            drop();
          },
        );
      }
    };
    const onData = (chunk: Buffer) => {
      if (truncated) {
        // Draining: counted, not kept.
        size += chunk.length;
        if (size > (limits.drainBytes ?? maxBytes)) {
          fail(new BodyTooLarge(maxBytes));
          drop();
        }
        return;
      }
      if (size + chunk.length <= maxBytes) {
        size += chunk.length;
        take(chunk);
        return;
      }
      truncated = true;
      if (past === 'refuse') {
        fail(new BodyTooLarge(maxBytes));
        drop();
        return;
      }
      const room = maxBytes - size;
      size += chunk.length;
      if (room > 0) take(chunk.subarray(0, room));
      if (past === 'cut') {
        done(false);
        drop();
      }
    };
    let ended = false;
    const onEnd = () => {
      ended = true;
      void (pending ? pending.then(() => done(false)) : done(false));
    };
    const onError = (error: unknown) => fail(error);
    // Closed with neither an end nor an error: the body did not arrive whole (said as undici says it).
    const onClose = () => ended || fail(Object.assign(new Error('closed before the end of the body'), { code: 'UND_ERR_SOCKET' })); // l10n-exempt: shown as its code's words
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onError);
    body.once('close', onClose);
  });
}
