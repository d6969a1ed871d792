// The one bounded reader of an HTTP body, over loopback: an undici answer cut, refused with a typed
// error, or streamed chunk by chunk (waiting for a slow taker, stopping when told); a node:http
// request drained past its budget up to a hard limit; a body closed before its end is an error.
import { strict as assert } from 'node:assert';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { BodyTooLarge, readBoundedBody } from '../../../core/client/boundedBody';

const KB = 1024;

describe('boundedBody: the one reader of an HTTP body within a budget', () => {
  let server: http.Server;
  let base: string;
  let onRequest: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  before(async () => {
    server = http.createServer((req, res) => onRequest(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Answers `size` bytes of 'a' in chunks of 16 KB. */
  const serve = (size: number) => {
    onRequest = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let sent = 0; sent < size; sent += 16 * KB) res.write(Buffer.alloc(Math.min(16 * KB, size - sent), 0x61));
      res.end();
    };
  };

  it('reads a body within the budget whole, and decodes it once', async () => {
    serve(40 * KB);
    const { body } = await request(base);
    const read = await readBoundedBody(body, { maxBytes: 64 * KB, past: 'refuse' });
    assert.equal(read.truncated, false);
    assert.equal(read.text(), 'a'.repeat(40 * KB));
  });

  it('cuts a body at the budget and drops the rest unread', async () => {
    serve(1024 * KB);
    const { body } = await request(base);
    const read = await readBoundedBody(body, { maxBytes: 20 * KB, past: 'cut' });
    assert.equal(read.truncated, true);
    assert.equal(read.bytes.length, 20 * KB);
    assert.ok(read.received > 20 * KB && read.received < 1024 * KB, `received ${read.received}`);
  });

  it('refuses a body past the budget with BodyTooLarge', async () => {
    serve(1024 * KB);
    const { body } = await request(base);
    await assert.rejects(
      readBoundedBody(body, { maxBytes: 20 * KB, past: 'refuse' }),
      (e: unknown) => e instanceof BodyTooLarge && e.maxBytes === 20 * KB,
    );
  });

  it('hands each chunk to a streaming reader, waits for a slow one, and stops when told', async () => {
    serve(256 * KB);
    const { body } = await request(base);
    let taken = 0;
    const read = await readBoundedBody(body, {
      maxBytes: 1024 * KB,
      past: 'refuse',
      onChunk: async (chunk) => {
        await new Promise((resolve) => setImmediate(resolve));
        taken += chunk.length;
        return taken >= 64 * KB;
      },
    });
    assert.equal(read.stopped, true);
    assert.equal(read.bytes.length, 0);
    assert.ok(taken >= 64 * KB && taken < 256 * KB, `taken ${taken}`);
  });

  it('drains a request past its budget (so it can be answered) and drops it past the hard limit', async () => {
    const reads: Array<Promise<{ truncated: boolean; kept: number } | string>> = [];
    onRequest = (req, res) => {
      const read = readBoundedBody(req, { maxBytes: 10 * KB, past: 'drain', drainBytes: 100 * KB }).then(
        (r) => ({ truncated: r.truncated, kept: r.bytes.length }),
        (e: unknown) => (e instanceof BodyTooLarge ? 'too large' : String(e)),
      );
      reads.push(read);
      void read.then(() => res.end('ok'));
    };
    const post = (size: number) =>
      request(base, { method: 'POST', body: Buffer.alloc(size, 0x62) }).then(
        (r) => r.body.text(),
        () => 'cut',
      );
    assert.equal(await post(50 * KB), 'ok');
    assert.deepEqual(await reads[0], { truncated: true, kept: 10 * KB });
    await post(4096 * KB);
    assert.equal(await reads[1], 'too large');
  });

  it('is an error coded UND_ERR_SOCKET when the body closes before its end', async () => {
    onRequest = (_req, res) => {
      res.writeHead(200, { 'content-length': String(100 * KB) });
      res.write(Buffer.alloc(KB), () => res.socket?.destroy());
    };
    const { body } = await request(base);
    await assert.rejects(readBoundedBody(body, { maxBytes: 1024 * KB, past: 'refuse' }), (e: unknown) => {
      const code = (e as { code?: string }).code;
      return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
    });
  });
});
