// An HTTP proxy on loopback for the tests of what goes through a proxy: it answers CONNECT by
// tunnelling to a port on loopback (`tunnelTo`), or refuses every tunnel (403, or `refuseWith`) when there is none,
// and records what it was asked for and all a client sent it: plain requests (answered 405) and
// CONNECT lines with their headers, and the bytes through each tunnel. Nothing leaves the machine:
// the names asked for are never resolved.
import * as http from 'node:http';
import * as net from 'node:net';

export interface ConnectProxy {
  url: string;
  /** The `host:port` of each CONNECT, in order. */
  tunnels: string[];
  /** All clients sent: request lines with their headers, and the bytes through the tunnels (TLS, for an https address). */
  sent: Buffer[];
  close(): Promise<void>;
}

export async function startConnectProxy(tunnelTo?: () => number, refuseWith = '403 Forbidden'): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const sent: Buffer[] = [];
  const heard = (req: http.IncomingMessage) => sent.push(Buffer.from(`${req.method} ${req.url} ${JSON.stringify(req.headers)}\n`));
  const proxy = http.createServer((req, res) => {
    heard(req);
    res.writeHead(405).end();
  });
  proxy.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    heard(req);
    tunnels.push(req.url ?? '');
    if (!tunnelTo) {
      socket.end(`HTTP/1.1 ${refuseWith}\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const upstream = net.connect(tunnelTo(), '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      sent.push(head);
      upstream.write(head);
      socket.on('data', (chunk: Buffer) => sent.push(chunk));
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    tunnels,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}
