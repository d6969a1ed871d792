// Starts and stops the benchmark's service process; reads its resident memory.
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';

export interface ServiceChild {
  url: string;
  pid: number;
  /** resident memory in bytes (Linux /proc), undefined elsewhere */
  rss(): Promise<number | undefined>;
  stop(): Promise<void>;
}

const ENTRY = path.join(__dirname, 'serviceProcess.js');

export async function startServiceChild(dataFile: string, latencyMs: number): Promise<ServiceChild> {
  const child: ChildProcess = spawn(process.execPath, [ENTRY, dataFile, String(latencyMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the benchmark service did not start in 60 s')), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the benchmark service exited (${code})`));
    });
  });
  return {
    url,
    pid: child.pid!,
    rss: async () => {
      const status = await fsp.readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
      return kb ? Number(kb[1]) * 1024 : undefined;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
