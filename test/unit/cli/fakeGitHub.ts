// A loopback stand-in for GitHub's REST API (nothing real can run here: GitHub is not local). It
// keeps issue comments and issues as GitHub does for the calls `--github-comment` and
// `--github-issue` make: listings paged with `Link: <…>; rel="next"`, creates, edits; faults can
// be injected per request (a 5xx that stored the create anyway, a fork's read-only 403). Who writes
// is told by the token, as on GitHub: an app installation's (`ghs_…`) writes as the bot
// github-actions[bot] and may not read GET /user; any other token as the person PERSON.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeComment {
  id: number;
  body: string;
  html_url: string;
  user: { login: string; type: string };
}

/** The login of the person any token other than an app's belongs to. */
export const PERSON = 'octo-person';

type Author = FakeComment['user'];

function authorOf(authorization: string | undefined): Author {
  return authorization?.startsWith('Bearer ghs_') ? { login: 'github-actions[bot]', type: 'Bot' } : { login: PERSON, type: 'User' };
}

export interface FakeIssue {
  number: number;
  user: Author;
  title: string;
  body: string;
  state: 'open' | 'closed';
  html_url: string;
  pull_request?: object;
}

export interface Fault {
  method: string;
  /** Matched against the path (without query). */
  path: RegExp;
  status: number;
  /** The request is carried out before the error is sent (its answer is "lost"). */
  store?: boolean;
  /** Headers of the error's answer (Retry-After). */
  headers?: Record<string, string>;
  /** The error's `message`, else GitHub's usual one. */
  message?: string;
}

export interface SeenRequest {
  method: string;
  url: string;
  authorization?: string;
  body: string;
}

export class FakeGitHub {
  readonly comments = new Map<number, FakeComment[]>();
  readonly issues: FakeIssue[] = [];
  readonly requests: SeenRequest[] = [];
  faults: Fault[] = [];
  readOnly = false;
  private nextId = 1000;
  private server?: http.Server;
  url = '';

  constructor(readonly repository = 'octo/site') {}

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Adds `count` comments by people (none with the marker) to pull request `pr`. */
  addComments(pr: number, count: number, body = (i: number) => `A comment ${i}`): void {
    const list = this.comments.get(pr) ?? [];
    for (let i = 0; i < count; i++) list.push(this.comment(body(i), 'User'));
    this.comments.set(pr, list);
  }

  comment(body: string, type = 'Bot', login = type === 'Bot' ? 'github-actions[bot]' : 'someone'): FakeComment {
    const id = this.nextId++;
    return {
      id,
      body,
      html_url: `https://github.example/${this.repository}/pull/1#issuecomment-${id}`,
      user: { login, type },
    };
  }

  /** An open issue by `user` (a stranger, unless said). */
  addIssue(title: string, body: string, user: Author = { login: 'stranger', type: 'User' }): FakeIssue {
    const number = this.issues.length + 1;
    const made: FakeIssue = {
      number,
      user,
      title,
      body,
      state: 'open',
      html_url: `https://github.example/${this.repository}/issues/${number}`,
    };
    this.issues.push(made);
    return made;
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    this.requests.push({ method, url: url.pathname + url.search, authorization: req.headers.authorization, body });
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    const fault = this.faults.findIndex((f) => f.method === method && f.path.test(url.pathname));
    if (fault >= 0) {
      const [f] = this.faults.splice(fault, 1);
      if (f.store) this.route(method, url, body, () => undefined, authorOf(req.headers.authorization));
      return send(f.status, { message: f.message ?? (f.status === 429 ? 'rate limited' : 'Server Error') }, f.headers);
    }
    if (method !== 'GET' && this.readOnly) return send(403, { message: 'Resource not accessible by integration' });
    const author = authorOf(req.headers.authorization);
    if (url.pathname === '/user' && method === 'GET') {
      return author.type === 'Bot' ? send(403, { message: 'Resource not accessible by integration' }) : send(200, author);
    }
    this.route(method, url, body, send, author);
  }

  private route(
    method: string,
    url: URL,
    text: string,
    send: (status: number, json: unknown, headers?: Record<string, string>) => void,
    author: Author,
  ): void {
    const base = `/repos/${this.repository}`;
    const input = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    let m: RegExpExecArray | null;
    if ((m = new RegExp(`^${base}/issues/(\\d+)/comments$`).exec(url.pathname))) {
      const list = this.comments.get(Number(m[1])) ?? [];
      this.comments.set(Number(m[1]), list);
      if (method === 'GET') return this.page(url, list, send);
      const made = this.comment(String(input.body), author.type, author.login);
      list.push(made);
      return send(201, made);
    }
    if ((m = new RegExp(`^${base}/issues/comments/(\\d+)$`).exec(url.pathname)) && method === 'PATCH') {
      const found = [...this.comments.values()].flat().find((c) => c.id === Number(m?.[1]));
      if (!found) return send(404, { message: 'Not Found' });
      found.body = String(input.body);
      return send(200, found);
    }
    if (url.pathname === `${base}/issues`) {
      if (method === 'GET') {
        return this.page(
          url,
          this.issues.filter((i) => url.searchParams.get('state') !== 'open' || i.state === 'open'),
          send,
        );
      }
      return send(201, this.addIssue(String(input.title), String(input.body), author));
    }
    if ((m = new RegExp(`^${base}/issues/(\\d+)$`).exec(url.pathname)) && method === 'PATCH') {
      const found = this.issues.find((i) => i.number === Number(m?.[1]));
      if (!found) return send(404, { message: 'Not Found' });
      Object.assign(found, input);
      return send(200, found);
    }
    send(404, { message: 'Not Found' });
  }

  private page<T>(url: URL, items: T[], send: (status: number, json: unknown, headers?: Record<string, string>) => void): void {
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const page = Number(url.searchParams.get('page') ?? 1);
    const slice = items.slice((page - 1) * perPage, page * perPage);
    const headers: Record<string, string> = {};
    if (page * perPage < items.length) {
      const next = new URL(url.href);
      next.searchParams.set('page', String(page + 1));
      const last = new URL(url.href);
      last.searchParams.set('page', String(Math.ceil(items.length / perPage)));
      headers.link = `<${next.href}>; rel="next", <${last.href}>; rel="last"`;
    }
    send(200, slice, headers);
  }
}
