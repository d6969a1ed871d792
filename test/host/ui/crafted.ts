// Puts a crafted report record into the tree through the service's fault injection: its own GET
// answers with the record (until cleared), and the three group lists of the next refresh answer
// with it in one group and nothing in the other two. (The faults cannot tell the groups apart, so
// the record lands in whichever group asked first.)
import type { RunningService } from '../../../service/server';
import { reportRow, runFromPalette } from './workbench';
import type { Page } from 'playwright-core';

/** The row is found by its URL as the tree shows it (made plain and shortened: workbench.ts). */
export async function showCraftedReport(page: Page, service: RunningService, record: { id: number; url: string }): Promise<void> {
  const page1 = (data: unknown[]) => ({
    data,
    links: { next: null },
    meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length },
  });
  // A Refresh while one of the same list is under way (the previous check's, restoring the real
  // data) joins it, and that one asked before these faults existed: then set them and ask again.
  for (let attempt = 1; ; attempt++) {
    service.clearFaults();
    // First the record's own GET, so the list faults below (same path prefix) never match it.
    service.addFault({ method: 'GET', path: `/api/v1/reports/${record.id}`, status: 200, body: { data: record }, times: 0 });
    service.addFault({ method: 'GET', path: '/api/v1/reports', status: 200, body: page1([record]), times: 1 });
    service.addFault({ method: 'GET', path: '/api/v1/reports', status: 200, body: page1([]), times: 2 });
    await runFromPalette(page, 'Website Reports: Refresh');
    const shown = await reportRow(page, record.url)
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) return;
    if (attempt >= 3) {
      throw new Error(`the crafted report's row (for ${JSON.stringify(record.url.slice(0, 60))}) did not appear after Refresh`);
    }
  }
}

/** Back to the service's real data in the tree. */
export async function restoreRealReports(page: Page, service: RunningService): Promise<void> {
  service.clearFaults();
  await runFromPalette(page, 'Website Reports: Refresh');
}
