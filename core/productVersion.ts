// The product's one version: root package.json's `version`, embedded when the code is built
// (esbuild inlines this one field into each bundle; tsc's out/ copies the file beside the code).
// The extension, the command line (`--version`, the reports it writes, the job summary and the
// pull-request comment) and any server of this product say this version and no other.
import { version } from '../package.json';

export function productVersion(): string {
  return version;
}
