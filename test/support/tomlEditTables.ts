// A model of how toml_edit 0.22.27 (Mars's TOML parser) builds tables: its parser/state.rs
// (`on_keyval`, `start_table`, `start_array_table`, `finalize_table`, `descend_path`), over a
// document given as its statements. An oracle for toml/tables.ts, which follows these rules where
// they differ from smol-toml's. Every value is a value here, inline tables too: toml_edit keeps
// them as values, which neither a header nor a dotted key may extend.

interface Table {
  readonly kind: 'table';
  implicit: boolean;
  dotted: boolean;
  readonly items: Map<string, Item>;
}
type Item = Table | { readonly kind: 'array of tables'; readonly tables: Table[] } | { readonly kind: 'value' };

export type Statement =
  | { readonly kind: 'header'; readonly path: readonly string[]; readonly array: boolean }
  | { readonly kind: 'key/value'; readonly path: readonly string[] };

const table = (implicit = false, dotted = false): Table => ({ kind: 'table', implicit, dotted, items: new Map() });

class Refused extends Error {}

function descend(from: Table, path: readonly string[], dotted: boolean): Table {
  let t = from;
  for (const name of path) {
    let item = t.items.get(name);
    if (!item) t.items.set(name, (item = table(true, dotted)));
    if (item.kind === 'value') throw new Refused(`cannot extend a value at ${name}`);
    if (item.kind === 'array of tables') t = item.tables[item.tables.length - 1]!;
    else if (dotted && !item.implicit) throw new Refused(`dotted key into the table ${name}`);
    else t = item;
  }
  return t;
}

/** Null when toml_edit takes the document's tables, else why it refuses them. */
export function tomlEditRefuses(statements: readonly Statement[]): string | null {
  const root = table();
  let current = table();
  let currentPath: readonly string[] = [];
  let currentIsArray = false;
  const finalize = () => {
    const done = current;
    const path = currentPath;
    current = table();
    currentPath = [];
    if (path.length === 0) {
      for (const [k, v] of done.items) root.items.set(k, v);
      return;
    }
    const parent = descend(root, path.slice(0, -1), false);
    const name = path[path.length - 1]!;
    const item = parent.items.get(name);
    if (currentIsArray) {
      if (item?.kind !== 'array of tables') throw new Refused(`[[${path.join('.')}]] is not an array of tables`);
      item.tables.push(done);
    } else if (!item) parent.items.set(name, done);
    else if (item.kind === 'table' && item.implicit) parent.items.set(name, done);
    else throw new Refused(`[${path.join('.')}] defined twice`);
  };
  try {
    for (const s of statements) {
      if (s.kind === 'key/value') {
        const into = descend(current, s.path.slice(0, -1), true);
        if (into.dotted === (s.path.length === 1)) throw new Refused('a dotted key into a table a header made');
        const name = s.path[s.path.length - 1]!;
        if (into.items.has(name)) throw new Refused(`${name} defined twice`);
        into.items.set(name, { kind: 'value' });
        continue;
      }
      finalize();
      const parent = descend(root, s.path.slice(0, -1), false);
      const name = s.path[s.path.length - 1]!;
      const item = parent.items.get(name);
      if (s.array) {
        if (!item) parent.items.set(name, { kind: 'array of tables', tables: [] });
        else if (item.kind !== 'array of tables') throw new Refused(`[[${s.path.join('.')}]] over a table or value`);
      } else if (item) {
        parent.items.delete(name);
        if (item.kind !== 'table' || !item.implicit || item.dotted) throw new Refused(`[${s.path.join('.')}] defined twice`);
        current = item;
      }
      current.implicit = false;
      current.dotted = false;
      currentPath = s.path;
      currentIsArray = s.array;
    }
    finalize();
  } catch (e) {
    if (e instanceof Refused) return e.message;
    throw e;
  }
  return null;
}
