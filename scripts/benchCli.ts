// Only the command line's rows: `node out/scripts/benchCli.js [--quick]` (the whole benchmark runs them too).
import { cliRows } from './bench/cliRows';
import { printRow } from './bench/measure';

const QUICK = process.argv.includes('--quick');
void cliRows({ quick: QUICK, rounds: QUICK ? 3 : 7 }).then((rows) => rows.forEach(printRow));
