// What every UI check file gets: the page, the service, the user-data dir, and the `check()` runner
// that prints `ok - <name>` / `not ok - <name>: <reason>` and takes a screenshot on failure.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningService } from '../../../service/server';

export interface CheckResult {
  name: string;
  ok: boolean;
  reason?: string;
}

export interface UiCheckOptions {
  resultsDir: string;
  /** Where the README's screenshots go (WEBREPORTS_SCREENSHOTS=1); unset: none are taken. */
  screenshotsDir?: string;
  report(result: CheckResult): void;
  /** The local report service (in-process): URL, key, faults, reset. Checks past the welcome need it. */
  service?: RunningService;
}

export interface Ui {
  page: Page;
  options: UiCheckOptions;
  /** Screenshot of the whole page as test-results/ui-<name>.png; never throws. */
  shot(name: string): Promise<void>;
  /** Screenshot of the whole page as <screenshotsDir>/<name>.png, only when asked for; never throws. */
  readmeShot(name: string): Promise<void>;
  /** Runs one check; returns whether it passed. */
  check(name: string, body: () => Promise<void>): Promise<boolean>;
  /** Fails fast when a check this one builds on did not pass. */
  needs(what: string, ok: boolean): void;
  /** The service, or a clear error when run.ts did not pass it. */
  service(): RunningService;
}

export function createUi(page: Page, options: UiCheckOptions): Ui {
  const shot = async (name: string) => {
    await page.screenshot({ path: path.join(options.resultsDir, `ui-${name}.png`), timeout: 10_000 }).catch(() => undefined);
  };
  return {
    page,
    options,
    shot,
    async readmeShot(name) {
      if (!options.screenshotsDir) return;
      fs.mkdirSync(options.screenshotsDir, { recursive: true });
      await page.screenshot({ path: path.join(options.screenshotsDir, `${name}.png`), timeout: 10_000 }).catch(() => undefined);
    },
    async check(name, body) {
      try {
        await body();
        console.log(`ok - ${name}`);
        options.report({ name, ok: true });
        return true;
      } catch (err) {
        const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
        console.log(`not ok - ${name}: ${reason}`);
        options.report({ name, ok: false, reason });
        await shot(
          `failed-${name
            .replace(/[^a-z0-9]+/gi, '-')
            .replace(/^-|-$/g, '')
            .toLowerCase()
            .slice(0, 80)}`,
        );
        return false;
      }
    },
    needs(what, ok) {
      if (!ok) throw new Error(`not run: needs ${what}, which failed above`);
    },
    service() {
      if (!options.service) throw new Error('run.ts did not pass the report service to the UI checks');
      return options.service;
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `probe` until it returns a truthy value; throws `message` (with the last value seen) after timeoutMs. */
export async function poll<T>(
  probe: () => Promise<T> | T,
  timeoutMs: number,
  message: (last: T | undefined, error?: unknown) => string,
  intervalMs = 100,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let error: unknown;
  for (;;) {
    try {
      last = await probe();
      error = undefined;
      if (last) return last as NonNullable<T>;
    } catch (err) {
      error = err;
    }
    if (Date.now() >= deadline) throw new Error(message(last, error));
    await sleep(intervalMs);
  }
}

/** A RegExp that matches `text` exactly (whole string). */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
