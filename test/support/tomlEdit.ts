// toml_edit itself, as an oracle: the Rust crate Mars reads mars.toml with (0.22.27 in Mars's
// Cargo.lock), here 0.22.20 built to WebAssembly (@rainbowatcher/toml-edit-js 0.2.1; the parser's
// rules did not change between the two: the releases in between are speed, spans and serde).
// The build leaks: after a few thousand documents an instance traps (`memory access out of
// bounds`), so a fresh one is loaded every few hundred documents, and on a trap.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface Glue {
  initSync(init: { module: Buffer }): unknown;
  parse(text: string): unknown;
}

const PACKAGE = '@rainbowatcher/toml-edit-js';
const DOCUMENTS_PER_INSTANCE = 500;

let wasm: Buffer | null = null;
let glue: Glue | null = null;
let loads = 0;
let used = 0;

async function freshInstance(): Promise<Glue> {
  wasm ??= readFileSync(require.resolve(`${PACKAGE}/index.wasm`));
  // A module imported under a new URL is a new module, with its own instance.
  const g = (await import(`${pathToFileURL(require.resolve(PACKAGE)).href}?instance=${loads++}`)) as Glue;
  g.initSync({ module: wasm });
  used = 0;
  return g;
}

/** The line (0-based) toml_edit stops reading `text` at; null when it reads it all, undefined when the package could not say. */
export async function tomlEditErrorLine(text: string): Promise<number | null | undefined> {
  for (let attempt = 0; ; attempt++) {
    if (!glue || used >= DOCUMENTS_PER_INSTANCE) glue = await freshInstance();
    used++;
    try {
      glue.parse(text);
      return null;
    } catch (e) {
      // It turns the document into JavaScript values by recursion, which overflows the stack on a deeply nested one.
      if (e instanceof RangeError) return undefined;
      // A trap (WebAssembly.RuntimeError): the instance is spent; the document is tried once more on a new one.
      const trapped = e instanceof Error && e.name === 'RuntimeError';
      if (trapped && attempt === 0) {
        glue = null;
        continue;
      }
      if (trapped) throw e;
      const at = /at line (\d+),/.exec(String(e));
      if (!at) throw new Error(`toml_edit's error has no line: ${String(e)}`);
      return Number(at[1]) - 1;
    }
  }
}

/** Whether toml_edit reads `text`; null when the package could not say. */
export async function tomlEditTakes(text: string): Promise<boolean | null> {
  const line = await tomlEditErrorLine(text);
  return line === undefined ? null : line === null;
}

/** What toml_edit reads `text` as (as JavaScript values); null where it refuses it. */
export async function tomlEditValue(text: string): Promise<unknown> {
  if (!(await tomlEditTakes(text))) return null;
  return glue!.parse(text);
}
