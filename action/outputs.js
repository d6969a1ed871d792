// The counts of a JSON report as GitHub step outputs (name=value lines), for run-check.sh.
const fs = require('node:fs');

const { summary } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const count = (n) => (Number.isSafeInteger(n) && n >= 0 ? n : 0);
const lines = [
  `errors=${count(summary.errors)}`,
  `warnings=${count(summary.warnings)}`,
  `notes=${count(summary.notes)}`,
  `urls=${count(summary.urls)}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
