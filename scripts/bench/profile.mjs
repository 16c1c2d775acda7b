// Summaries of V8 CPU profiles (`node --cpu-prof`): the functions with the most self time and the
// most inclusive time, named `source/file.ts:line:function`. A bundle's source map (`x.js.map`
// beside it) maps a frame back to its source line; without one, esbuild's `// path/module.ts`
// marks in the unminified bundle still tell the module.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const moduleMaps = new Map();
const sourceMaps = new Map();

const B64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Decoded `mappings` of a v3 source map: per generated line, [column, source, line] triples. */
function sourceMapOf(file) {
  if (sourceMaps.has(file)) return sourceMaps.get(file);
  let map = null;
  try {
    const raw = JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'));
    const lines = [];
    let src = 0;
    let srcLine = 0;
    let srcCol = 0;
    let name = 0;
    for (const lineText of raw.mappings.split(';')) {
      const segs = [];
      let col = 0;
      for (const seg of lineText.split(',')) {
        if (!seg) continue;
        const fields = [];
        let value = 0;
        let shift = 0;
        for (const ch of seg) {
          const digit = B64.get(ch);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        col += fields[0];
        if (fields.length >= 4) {
          src += fields[1];
          srcLine += fields[2];
          srcCol += fields[3];
          if (fields.length >= 5) name += fields[4];
          segs.push([col, src, srcLine]);
        }
      }
      lines.push(segs);
    }
    map = { lines, sources: raw.sources.map((s) => s.replace(/^(\.\.\/)+/, '')) };
  } catch {
    map = null;
  }
  sourceMaps.set(file, map);
  return map;
}

/** For a bundle file: sorted [line, module] marks from esbuild's `// path` comments. */
function modulesOf(file) {
  let marks = moduleMaps.get(file);
  if (marks) return marks;
  marks = [];
  try {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((l, i) => {
      const m = /^\/\/ ((?:[\w@.-]+\/)+[\w.-]+\.(?:ts|js|mjs|cjs))$/.exec(l);
      if (m) marks.push([i, m[1]]);
    });
  } catch {
    // not a readable file: keep the URL
  }
  moduleMaps.set(file, marks);
  return marks;
}

/** `module.ts:line` of a frame, from the bundle's source map, or null. */
function mapped(file, lineNumber, columnNumber) {
  const map = sourceMapOf(file);
  const segs = map?.lines[lineNumber];
  if (!segs || segs.length === 0) return null;
  let best = segs[0];
  for (const s of segs) {
    if (s[0] <= columnNumber) best = s;
    else break;
  }
  return `${map.sources[best[1]]}:${best[2] + 1}`;
}

function where(callFrame, withLine = false) {
  const { url, lineNumber, columnNumber } = callFrame;
  if (!url) return '(native)';
  let file = url;
  try {
    if (url.startsWith('file:')) file = fileURLToPath(url);
  } catch {
    // keep the URL
  }
  if (file.startsWith('node:')) return file;
  const exact = mapped(file, lineNumber, columnNumber);
  if (exact) return withLine ? exact : exact.replace(/:\d+$/, '');
  const marks = modulesOf(file);
  let module = null;
  for (const [line, m] of marks) {
    if (line <= lineNumber) module = m;
    else break;
  }
  return module ?? `${file.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
}

/**
 * Reads one .cpuprofile and returns { totalMs, self: [{name, ms}], inclusive: [{name, ms}], byModule }.
 * `name` is `module:function`.
 */
export function summarize(profilePath) {
  const profile = JSON.parse(fs.readFileSync(profilePath, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const nameOf = (n) => `${where(n.callFrame, true)} ${n.callFrame.functionName || '(anonymous)'}`;
  const self = new Map();
  const inclusive = new Map();
  const byModule = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    const n = byId.get(id);
    total += us;
    const name = nameOf(n);
    self.set(name, (self.get(name) ?? 0) + us);
    const mod = where(n.callFrame);
    byModule.set(mod, (byModule.get(mod) ?? 0) + us);
    // Inclusive: every distinct function on the stack of this sample's node gets the time once.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const nm = nameOf(byId.get(at));
      if (seen.has(nm)) continue;
      seen.add(nm);
      inclusive.set(nm, (inclusive.get(nm) ?? 0) + us);
    }
  }
  const sorted = (m) => [...m].map(([name, us]) => ({ name, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
  return { totalMs: total / 1000, self: sorted(self), inclusive: sorted(inclusive), byModule: sorted(byModule) };
}

const SKIP_INCLUSIVE = /\((?:root|program|idle|garbage collector)\)|^\(native\) \(anonymous\)$|node:internal|^dist\//;

/** Lines of text: the top self-time and inclusive-time functions of a profile. */
export function report(profilePath, title, top = 12) {
  const s = summarize(profilePath);
  const pct = (ms) => `${((100 * ms) / s.totalMs).toFixed(1).padStart(5)}%`;
  const out = [`${title}: ${s.totalMs.toFixed(0)} ms sampled (${profilePath})`];
  out.push('  self time:');
  for (const f of s.self.slice(0, top)) out.push(`    ${f.ms.toFixed(0).padStart(6)} ms ${pct(f.ms)}  ${f.name}`);
  out.push('  inclusive time (project code):');
  for (const f of s.inclusive.filter((f) => !SKIP_INCLUSIVE.test(f.name) && !f.name.startsWith('node_modules/')).slice(0, top)) {
    out.push(`    ${f.ms.toFixed(0).padStart(6)} ms ${pct(f.ms)}  ${f.name}`);
  }
  out.push('  self time by module:');
  for (const f of s.byModule.slice(0, 8)) out.push(`    ${f.ms.toFixed(0).padStart(6)} ms ${pct(f.ms)}  ${f.name}`);
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const p of process.argv.slice(2)) console.log(report(p, p.split('/').pop(), 20));
}
