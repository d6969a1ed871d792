// The parts of undici the client uses, loaded without undici's entry point. That entry point
// registers a process-wide dispatcher (`Symbol.for('undici.globalDispatcher.1')` and `.2`) when
// none is set, and Node's own `fetch` in the same extension host then uses it: other extensions
// would lose VS Code's proxy support. undici defines those globals non-configurable, so they
// cannot be undone after loading; the modules below never touch them, and the client always
// passes its own dispatcher. (A test loads the built bundle in a child Node and checks.)
import type { EventEmitter } from 'node:events';
import type * as Undici from 'undici';
import type { ProxyChoice } from './proxy';

/* eslint-disable @typescript-eslint/no-require-imports -- undici's internal modules have no typings of their own */
export const Agent = require('undici/lib/dispatcher/agent') as typeof Undici.Agent;
export const buildConnector = require('undici/lib/core/connect') as typeof Undici.buildConnector;
const apiRequest = require('undici/lib/api/api-request') as (
  this: Undici.Dispatcher,
  options: Undici.Dispatcher.RequestOptions,
) => Promise<Undici.Dispatcher.ResponseData>;
/* eslint-enable @typescript-eslint/no-require-imports */

/** The pools made through a proxy: a connection they fail to make is the proxy's. */
const proxied = new WeakSet<Dispatcher>();

/** A connection pool with `options`, through `proxy` when one applies (chooseProxy): the one way a pool is made for another origin. */
export function poolThrough(proxy: ProxyChoice | undefined, options: Undici.Agent.Options): Dispatcher {
  if (!proxy) return new Agent(options);
  const pool = proxyAgent({ ...options, uri: proxy.uri, requestTls: { rejectUnauthorized: proxy.strictSSL } });
  proxied.add(pool);
  return pool;
}

/** Whether `dispatcher` connects only to a proxy (poolThrough), which then reaches the address. */
export const isThroughProxy = (dispatcher: Dispatcher | undefined): boolean => dispatcher !== undefined && proxied.has(dispatcher);

/** undici's ProxyAgent, loaded only when a proxy is used: it brings SOCKS5 and a debug log along, a ms of every start. */
function proxyAgent(options: Undici.ProxyAgent.Options): Dispatcher {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded when first needed */
  const ProxyAgent = require('undici/lib/dispatcher/proxy-agent') as typeof Undici.ProxyAgent;
  const Pool = require('undici/lib/dispatcher/pool') as typeof Undici.Pool;
  const apiConnect = require('undici/lib/api/api-connect') as Undici.Dispatcher['connect'];
  /* eslint-enable @typescript-eslint/no-require-imports */
  // The agent opens its tunnel with the proxy's client's `connect`, a method undici's entry point
  // adds to every dispatcher; without that entry point (above) the proxy's client is given it here.
  const clientFactory = (origin: URL, opts: object): Dispatcher => {
    const pool = new Pool(origin, opts);
    pool.connect = apiConnect;
    return pool;
  };
  return new ProxyAgent({ ...options, clientFactory });
}

export type Dispatcher = Undici.Dispatcher;

export interface RequestOptions {
  dispatcher: Dispatcher;
  method: Undici.Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string;
  /** An AbortSignal, or an emitter with `aborted`, `reason` and an 'abort' event (undici takes either). */
  signal?: AbortSignal | EventEmitter;
  /** undici's own limits on waiting for the headers and between body chunks, in ms (0: none). */
  headersTimeout?: number;
  bodyTimeout?: number;
}

/** undici's `request(url, options)`, always on the given dispatcher (never the global one). */
export function request(url: string, options: RequestOptions): Promise<Undici.Dispatcher.ResponseData> {
  const target = new URL(url);
  return apiRequest.call(options.dispatcher, {
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
    method: options.method,
    headers: options.headers,
    body: options.body,
    signal: options.signal,
    headersTimeout: options.headersTimeout,
    bodyTimeout: options.bodyTimeout,
  });
}
