// Markdown as plain text, for a client that shows no Markdown (hover and completion documentation
// are written in Markdown by describe.ts): the words and the lines, without the markup. Emphasis is
// read by CommonMark's delimiter rules, so `web_search` and `2 * 3` keep their characters.

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WHITESPACE = /\s/;
const isPunct = (c: string | undefined) => c !== undefined && (PUNCTUATION.test(c) || /\p{P}|\p{S}/u.test(c));
const isSpace = (c: string | undefined) => c === undefined || WHITESPACE.test(c);

type Token = { text: string } | { delim: '*' | '_'; length: number; open: boolean; close: boolean };

/** The inline Markdown of a block as tokens: literal text (code spans, escapes and links already read) and emphasis delimiter runs. */
function inlineTokens(s: string): Token[] {
  const out: Token[] = [];
  const text = (t: string) => {
    const last = out[out.length - 1];
    if (last && 'text' in last) last.text += t;
    else out.push({ text: t });
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length && (PUNCTUATION.test(s[i + 1]!) || s[i + 1] === '\n')) {
      text(s[i + 1]!);
      i += 2;
    } else if (c === '`') {
      let run = 1;
      while (s[i + run] === '`') run++;
      // The closing run is the next one of exactly this length.
      let close = -1;
      for (let j = i + run; j < s.length;) {
        const k = s.indexOf('`', j);
        if (k < 0) break;
        let r = 1;
        while (s[k + r] === '`') r++;
        if (r === run) {
          close = k;
          break;
        }
        j = k + r;
      }
      if (close < 0) {
        text(s.slice(i, i + run));
        i += run;
        continue;
      }
      let content = s.slice(i + run, close).replace(/\n/g, ' ');
      if (content.length >= 2 && content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '') content = content.slice(1, -1);
      text(content);
      i = close + run;
    } else if (c === '*' || c === '_') {
      let run = 1;
      while (s[i + run] === c) run++;
      const before = s[i - 1];
      const after = s[i + run];
      const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
      const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
      const open = c === '*' ? left : left && (!right || isPunct(before));
      const close = c === '*' ? right : right && (!left || isPunct(after));
      if (open || close) out.push({ delim: c, length: run, open, close });
      else text(s.slice(i, i + run));
      i += run;
    } else if (c === '[') {
      // [text](destination "title") -> text
      const link = /^\[((?:\\.|[^\\\]])*)\]\((?:<[^>\n]*>|[^\s()]*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/.exec(s.slice(i));
      if (link) {
        s = s.slice(0, i) + link[1]! + s.slice(i + link[0].length);
        continue;
      }
      text(c);
      i++;
    } else if (c === '<') {
      const auto = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[^\s<>@]+@[^\s<>@]+)>/.exec(s.slice(i));
      text(auto ? auto[1]! : c);
      i += auto ? auto[0].length : 1;
    } else {
      text(c);
      i++;
    }
  }
  return out;
}

/** Inline Markdown as its text: emphasis delimiters that pair up are dropped, the others kept as written. */
function inlineText(s: string): string {
  const tokens = inlineTokens(s);
  // Per delimiter token, how many of its characters remain literal.
  const left = tokens.map((t) => ('delim' in t ? t.length : 0));
  const openers: number[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (!('delim' in t)) continue;
    if (t.close) {
      for (let o = openers.length - 1; o >= 0 && left[k]! > 0; o--) {
        const at = openers[o]!;
        const opener = tokens[at] as Extract<Token, { delim: string }>;
        if (opener.delim !== t.delim || left[at] === 0) continue;
        while (left[at]! > 0 && left[k]! > 0) {
          const n = Math.min(2, left[at]!, left[k]!);
          left[at]! -= n;
          left[k]! -= n;
        }
        openers.length = left[at]! > 0 ? o + 1 : o; // openers inside the pair are done
      }
    }
    if (t.open && left[k]! > 0) openers.push(k);
  }
  return tokens.map((t, k) => ('text' in t ? t.text : t.delim.repeat(left[k]!))).join('');
}

/**
 * Markdown as plain text, for a client that shows no Markdown: the words and the lines, without the
 * markup (emphasis, code spans and fences, links, headings, backslash escapes).
 */
export function plainText(markdown: string): string {
  const lines = markdown.split(/\r\n|\r|\n/);
  const out: string[] = [];
  let block: string[] = [];
  const flush = () => {
    if (block.length > 0) out.push(...inlineText(block.join('\n')).split('\n'));
    block = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const fence = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(lines[i]!);
    if (fence && !(fence[1]![0] === '`' && fence[2]!.includes('`'))) {
      flush();
      const marker = fence[1]!;
      const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
      for (i++; i < lines.length && !closing.test(lines[i]!); i++) out.push(lines[i]!);
      continue;
    }
    const heading = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(lines[i]!);
    block.push(heading ? heading[1] ?? '' : lines[i]!);
  }
  flush();
  return out.join('\n');
}
