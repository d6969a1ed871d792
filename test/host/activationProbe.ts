// Loaded by the activation benchmark (activationBench.ts) as extensionTestsPath in a fresh VS Code
// host: activates the extension named by WEBREPORTS_BENCH_EXTENSION and prints when that happened,
// measured from the extension host's own start, on one console line the benchmark reads.
import * as vscode from 'vscode';
import { PROBE_PREFIX, type ProbeResult } from './activationProbeResult';

export async function run(): Promise<void> {
  const id = process.env.WEBREPORTS_BENCH_EXTENSION ?? '';
  const extension = vscode.extensions.getExtension(id);
  if (!extension) throw new Error(`extension ${id} is not loaded`);
  const hostToProbeMs = process.uptime() * 1000;
  const wasActive = extension.isActive;
  const start = performance.now();
  await extension.activate();
  const activateMs = performance.now() - start;
  const result: ProbeResult = { wasActive, activateMs, hostToActiveMs: process.uptime() * 1000, hostToProbeMs };
  console.log(PROBE_PREFIX + JSON.stringify(result));
}
