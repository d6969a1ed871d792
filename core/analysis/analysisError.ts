// The one error of an analysis: the page could not be fetched or analysed, with a reason for people.

/** The page could not be analysed; `reason` is short and meant for people ("connection refused"). */
export class AnalysisError extends Error {
  constructor(readonly reason: string) {
    // l10n-exempt: an analysis's reason: the service's English answer (a surface words its own)
    super(`The page could not be analysed: ${reason}`);
    this.name = 'AnalysisError';
  }
}
