// Helpers for the in-host suites: where the local report service is (the host runners pass it in
// the env), its control endpoints (loopback, the run's token), and waiting for things to happen.
import * as vscode from 'vscode';
import type { Fault, RecordedRequest } from '../../service/server';
import { COMMAND } from '../../extension/ids';

export const EXTENSION_ID = 'webreports.website-reports';

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suites through test/host/run.ts or .vscode-test.mjs`);
  return value;
}

/** The local report service's base URL, e.g. http://127.0.0.1:PORT (no trailing slash). */
export function serviceUrl(): string {
  return requiredEnv('WEBREPORTS_TEST_SERVICE_URL').replace(/\/+$/, '');
}

/** The API key the service accepts (the extension starts signed out; sign in with this). */
export function apiKey(): string {
  return requiredEnv('WEBREPORTS_TEST_API_KEY');
}

/** How many demo reports the service holds after start and after each reset (good/decent/bad by i % 3). */
export function seedCount(): number {
  return Number(process.env.WEBREPORTS_TEST_SEED ?? 0);
}

/** The token the service's /__control endpoints want (X-Control-Token), passed in like the URL. */
export function controlToken(): string {
  return requiredEnv('WEBREPORTS_TEST_CONTROL_TOKEN');
}

export type { Fault, RecordedRequest };

async function control(method: string, pathname: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${serviceUrl()}/__control/${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-control-token': controlToken() },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /__control/${pathname} → ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/** Back to the seeded data (or `seed` demo reports); also clears faults and recorded requests. */
export async function resetService(seed?: number): Promise<void> {
  await control('POST', 'reset', seed === undefined ? undefined : { seed });
}

export async function addFault(fault: Fault): Promise<void> {
  await control('POST', 'faults', fault);
}

export async function clearFaults(): Promise<void> {
  await control('DELETE', 'faults');
}

/** Requests the service has received (control requests excluded), oldest first. */
export async function getRequests(): Promise<RecordedRequest[]> {
  const body = (await control('GET', 'requests')) as { data?: RecordedRequest[] };
  return (body?.data ?? []).filter((r) => !r.path.startsWith('/__control'));
}

export async function clearRequests(): Promise<void> {
  await control('DELETE', 'requests');
}

/** Resolves with the predicate's first truthy value; rejects after timeoutMs with `message`. */
export async function waitFor<T>(
  predicate: () => T | Promise<T>,
  timeoutMs = 5000,
  message = 'condition',
  intervalMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${message}${why}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** The extension under test, activated; fails clearly when it is not loaded. */
export async function activateExtension(): Promise<vscode.Extension<unknown>> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  if (!ext.isActive) await ext.activate();
  return ext;
}

/** The extension's package.json as VS Code read it. */
export function manifest(): { contributes?: { commands?: { command: string }[] } } & Record<string, unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded`);
  return ext.packageJSON;
}

/** Signs in with the test key through the contract command (no prompt: the key is an argument). */
export async function signIn(key = apiKey()): Promise<void> {
  await activateExtension();
  await vscode.commands.executeCommand(COMMAND.setApiKey, key);
}

/** Signs out through the contract command. */
export async function signOut(): Promise<void> {
  await activateExtension();
  await vscode.commands.executeCommand(COMMAND.signOut);
}
