// Answers a request with an injected fault (tests): drop, oversize body, or a status and body.
import type { ServerResponse } from 'node:http';
import { sendRaw } from './http';
import type { Fault } from './types';

/** True when the fault answered (or dropped) the request; false when the real handler should. */
export function answerFault(res: ServerResponse, fault: Fault, extra: Record<string, string>): boolean {
  if (fault.drop) {
    res.socket?.destroy();
    return true;
  }
  if (fault.oversizeBytes !== undefined) {
    const padding = 'x'.repeat(Math.max(0, fault.oversizeBytes));
    const payload = Buffer.from(JSON.stringify({ data: [], padding }), 'utf8');
    sendRaw(res, 200, payload, { 'Content-Type': 'application/json', ...extra });
    return true;
  }
  if (fault.status !== undefined || fault.body !== undefined) {
    const status = fault.status ?? 500;
    const raw = fault.body === undefined ? { message: 'Injected fault' } : fault.body;
    const payload = raw === null ? undefined : Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw), 'utf8');
    sendRaw(res, status, payload, { 'Content-Type': fault.contentType ?? 'application/json', ...extra });
    return true;
  }
  return false;
}
