// The display language for dates and numbers (Intl), set once at activation from VS Code's
// display language; plain Node (the unit tests) keeps English. Pure: no 'vscode'.
let current = 'en';

export function setDisplayLocale(language: string): void {
  try {
    current = Intl.getCanonicalLocales(language)[0] ?? 'en';
  } catch {
    current = 'en'; // not a BCP 47 tag: keep English rather than throw at activation
  }
}

export function displayLocale(): string {
  return current;
}
