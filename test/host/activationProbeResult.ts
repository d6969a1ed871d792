// What the activation probe (inside the host) tells the benchmark (outside): one console line.
export const PROBE_PREFIX = 'activation-probe ';

export interface ProbeResult {
  /** whether VS Code had activated it before the probe ran (then activateMs says nothing) */
  wasActive: boolean;
  /** milliseconds of `activate()`: loading the module and running its activate function */
  activateMs: number;
  /** milliseconds from the extension host's start until the extension was active */
  hostToActiveMs: number;
  /** milliseconds from the extension host's start until the probe ran (the host's own start-up) */
  hostToProbeMs: number;
}
