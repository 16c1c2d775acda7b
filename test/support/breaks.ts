// Breaks of generated mars.toml documents, of the kinds a user makes while typing (see
// test/unit/guessedReading.test.ts, test/lsp/checkerAgrees.test.ts).

/** Breaks of the kinds typed by hand, each put at a random place of the right kind. */
export const BREAKS: Array<(text: string, int: (n: number) => number) => string> = [
  // A quote meant inside a string: `"bash(grep "foo")"`.
  (t, int) => at(t, /"([a-z]+)\(/g, int, (m) => `${m[0]}x "y" `),
  // Two strings with no blank and no comma between: `"read""grep"`.
  (t, int) => at(t, /", "/g, int, () => '""'),
  // A comma missing, a blank between.
  (t, int) => at(t, /", "/g, int, () => '" "'),
  // A string where a list goes, more values after it.
  (t, int) => at(t, /= \[("[^"\n]*"(?:, "[^"\n]*")*)\]/g, int, (m) => `= ${m[1]}`),
  (t, int) => at(t, /= \[("[^"\n]*"), ("[^"\n]*")\]/g, int, (m) => `= ${m[1]}, ${m[2]} "edit"`),
  // A `"""` or a bracket after a value.
  (t, int) => at(t, /"\]/g, int, () => '""""]'),
  (t, int) => at(t, /", /g, int, () => '"[, '),
  // What TOML does not read as a blank at a line's start.
  (t, int) => at(t, /\n(?=[\[a-z"])/g, int, () => `\n${['\u00A0', '\u3000', '\u200B', '\uFEFF'][int(4)]}`),
  // A remark after a mars-ignore's codes.
  (t, int) => at(t, /\]\n/g, int, () => `] # mars-ignore: unknown-tool # ours\n`),
  // A map-form key with a comma or a control character.
  (t, int) => at(t, /\[(agents|skills)\.([a-z-]+)\.tools\]\n/g, int, (m) => `${m[0]}"Bash(a,b)" = "allow"\n"x\\u0007y" = "deny"\n`),
];

/** `text` with one match of `re` (picked at random) replaced; as it was when nothing matches. */
function at(text: string, re: RegExp, int: (n: number) => number, by: (m: RegExpMatchArray) => string): string {
  const all = [...text.matchAll(re)];
  if (all.length === 0) return text;
  const m = all[int(all.length)]!;
  return text.slice(0, m.index) + by(m) + text.slice(m.index! + m[0].length);
}
