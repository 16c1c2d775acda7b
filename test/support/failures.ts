// The failures of a seeded property test (fix-all, quick fixes, completion, hover, mars-ignore
// comments, the reading past a syntax error), and how they are told.

export interface Failure {
  readonly property: string;
  /** The input, by whose length the failures of a property are ordered. */
  readonly text: string;
  readonly detail: string;
}

/** For each property that failed: how often, and its failure on the shortest input. */
export function failureReport(failures: readonly Failure[]): string {
  const byProperty = new Map<string, Failure[]>();
  for (const f of failures) (byProperty.get(f.property) ?? byProperty.set(f.property, []).get(f.property)!).push(f);
  return [...byProperty].map(([p, fs]) => `${p}: ${fs.length} (first, shortest:)\n${[...fs].sort((x, y) => x.text.length - y.text.length)[0]!.detail}`).join('\n\n');
}

/** A text as a JSON string of printable ASCII (`\u` escapes beyond it), to paste into a test as it is. */
export const js = (s: string): string => JSON.stringify(s).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
