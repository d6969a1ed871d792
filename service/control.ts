// The /__control endpoints (tests only): faults, recorded requests, reset. Loopback callers only;
// not behind the API key.
import type { FaultSet, RequestLog } from './faults';
import { faultProblems } from './faults';
import { json, message, type Answer } from './http';
import type { Fault } from './types';

export interface ControlContext {
  faults: FaultSet;
  requests: RequestLog;
  reset(seed?: number): Promise<void>;
}

export async function handleControl(ctx: ControlContext, method: string, path: string, body: string): Promise<Answer> {
  const route = path.replace(/\/+$/, '');
  if (route === '/__control/faults') {
    if (method === 'POST') {
      let fault: unknown;
      try {
        fault = JSON.parse(body || '{}');
      } catch {
        return message(400, 'The request body is not valid JSON.');
      }
      const problems = faultProblems(fault);
      if (problems.length > 0) return json(422, { message: problems[0], errors: { fault: problems } });
      return json(201, { id: ctx.faults.add(fault as Fault) });
    }
    if (method === 'GET') return json(200, { data: ctx.faults.list() });
    if (method === 'DELETE') {
      ctx.faults.clear();
      return { status: 204 };
    }
    return message(405, 'The method is not allowed for this path.', { Allow: 'GET, POST, DELETE' });
  }
  if (route === '/__control/requests') {
    if (method === 'GET') return json(200, { data: ctx.requests.all() });
    if (method === 'DELETE') {
      ctx.requests.clear();
      return { status: 204 };
    }
    return message(405, 'The method is not allowed for this path.', { Allow: 'GET, DELETE' });
  }
  if (route === '/__control/reset') {
    if (method === 'POST') {
      // Optional JSON body {"seed": N}: reseed with N demo reports instead of the start's number.
      let seed: number | undefined;
      try {
        const parsed = body ? (JSON.parse(body) as { seed?: unknown }) : {};
        if (parsed.seed !== undefined) seed = Number(parsed.seed);
      } catch {
        return message(400, 'The reset body must be JSON like {"seed": 60}.');
      }
      if (seed !== undefined && !(Number.isInteger(seed) && seed >= 0 && seed <= 5000)) {
        return message(422, 'seed must be a whole number from 0 to 5000.');
      }
      await ctx.reset(seed);
      return { status: 204 };
    }
    return message(405, 'The method is not allowed for this path.', { Allow: 'POST' });
  }
  return message(404, 'Not found.');
}
