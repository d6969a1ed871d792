// The webReports.baseUrl setting's pattern (package.json: the Settings editor's feedback while
// typing) is the one rule's (parseBaseUrl) in short: every address it lets through is one the
// client takes, and the usual mistakes are flagged as they are typed.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baseUrlProblem } from '../../../core/client/baseUrl';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: {
    configuration: { properties: Record<string, { pattern?: string }> }[] | { properties: Record<string, { pattern?: string }> };
  };
};
const sections = Array.isArray(manifest.contributes.configuration)
  ? manifest.contributes.configuration
  : [manifest.contributes.configuration];
const pattern = new RegExp(sections.map((s) => s.properties['webReports.baseUrl']?.pattern).find(Boolean) ?? '(?!)');

describe('api: the base URL setting’s pattern', () => {
  it('lets through only addresses the client takes, and the usual ones', () => {
    const good = [
      'https://reports.example.com',
      'https://reports.example.com/',
      'http://127.0.0.1:8080/svc/',
      'http://[::1]:9000',
      ' https://reports.example.com ',
      'HTTPS://Reports.Example.com/phprank',
      'https://xn--bcher-kva.example/a@b',
    ];
    for (const value of good) {
      assert.ok(pattern.test(value), `the pattern refuses ${value}`);
      assert.equal(baseUrlProblem(value), undefined, value);
    }
  });

  it('flags what the client refuses: credentials, a query, a fragment, no //, another scheme', () => {
    const bad = [
      'https://user:pw@reports.example.com',
      'https://key@reports.example.com/',
      'https://reports.example.com/?x=1',
      'https://reports.example.com/#top',
      'https:reports.example.com',
      'ftp://reports.example.com',
      'reports.example.com',
      'https://',
      'https:///path',
      'https://\\\\evil.example',
    ];
    for (const value of bad) {
      assert.ok(!pattern.test(value), `the pattern lets ${value} through`);
      assert.notEqual(baseUrlProblem(value), undefined, value);
    }
  });
});
