// @orama/stemmers declares its types through package.json "exports" only, which the project's
// moduleResolution ("node") does not read; these are the entry points used, as the package types them.
declare module '@orama/stemmers/english' {
  export function stemmer(word: string): string;
}
declare module '@orama/stemmers/french' {
  export function stemmer(word: string): string;
}
declare module '@orama/stemmers/german' {
  export function stemmer(word: string): string;
}
declare module '@orama/stemmers/spanish' {
  export function stemmer(word: string): string;
}
declare module '@orama/stemmers/russian' {
  export function stemmer(word: string): string;
}
