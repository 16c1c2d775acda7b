// What the server tells of settings it cannot read (lsp/settings.ts), for values of any size or depth:
// the line quotes the value briefly, and reading them never throws (JSON.stringify's RangeError on
// a value nested too deep failed the whole settings change, logged as an error).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SettingsCache, settingsFrom } from '../../server/src/lsp/settings';

const nested = (depth: number): unknown[] => {
  const top: unknown[] = [];
  let inner = top;
  for (let i = 0; i < depth; i++) inner.push((inner = []));
  return top;
};

const cases: Array<[string, unknown, RegExp[]]> = [
  ['diagnostics nested too deep', { diagnostics: nested(20_000) }, [/^mars\.diagnostics should map diagnostic codes to severities, not an array nested too deep to show; the default severities apply\.$/]],
  ['a severity nested too deep', { diagnostics: { 'unknown-tool': nested(20_000) } }, [/^mars\.diagnostics\.unknown-tool: an array nested too deep to show is not a severity \(/]],
  ['maxProblems nested too deep', { maxProblems: nested(20_000) }, [/^mars\.maxProblems: an array nested too deep to show is not a whole number of 0 or more; every problem is sent\.$/]],
  ['a severity of a million characters', { diagnostics: { 'unknown-tool': 'x'.repeat(1_000_000) } }, [/^mars\.diagnostics\.unknown-tool: "x{100,150}…x{50,80}" is not a severity \(/]],
  // The code itself was written whole, twice (in the setting's name and quoted).
  ['a code of a million characters', { diagnostics: { ['x'.repeat(1_000_000)]: 'error' } }, [/^mars\.diagnostics\.x{100,150}…x{50,80}: no Mars TOML diagnostic has the code "x{100,150}…x{50,80}"; the setting is ignored\.$/]],
  ['a code of a million characters with a bad severity', { diagnostics: { [`unknown-tool${' '.repeat(1_000_000)}`]: 'loud' } }, [/^mars\.diagnostics\.unknown-tool {100,150}… {50,80}: no Mars TOML diagnostic has the code "unknown-tool {100,150}… {50,80}"; the setting is ignored\.$/]],
  ['a code of invisible characters, long', { diagnostics: { ['\u200b'.repeat(100_000)]: 'error' } }, [/^mars\.diagnostics\.(\\u200B){10,30}…(\\u200B){5,15}: no Mars TOML diagnostic has the code "\u200b{100,150}…\u200b{50,80}"; the setting is ignored\.$/]],
  ['diagnostics of a huge list', { diagnostics: Array(100_000).fill(1) }, [/^mars\.diagnostics should map diagnostic codes to severities, not \[1,1,.{100,200}1,1\]; the default severities apply\.$/]],
  // 0 is a setting (every problem sent), not a problem with one.
  ['maxProblems of 0', { maxProblems: 0 }, []],
  // Up to 200 characters a name is written whole: in the setting's name, and quoted (its quotes counted).
  ['a code of 200 characters', { diagnostics: { ['x'.repeat(200)]: 'error' } }, [/^mars\.diagnostics\.x{200}: no Mars TOML diagnostic has the code "x{100,150}…x{50,80}"; the setting is ignored\.$/]],
  ['a code of 198 characters', { diagnostics: { ['x'.repeat(198)]: 'error' } }, [/^mars\.diagnostics\.x{198}: no Mars TOML diagnostic has the code "x{198}"; the setting is ignored\.$/]],
];

for (const [name, settings, told] of cases) {
  test(`settings: ${name}`, () => {
    const problems: string[] = [];
    const read = settingsFrom(settings as never, (m) => problems.push(m));
    assert.deepEqual(read, { overrides: {}, maxProblems: 0 });
    assert.equal(problems.length, told.length, problems.join('\n').slice(0, 500));
    problems.forEach((p, i) => {
      assert.ok(p.length < 600, `${p.length} characters`);
      assert.match(p, told[i]!);
    });
  });
}

// Every problem went into the one message shown: 100,000 made-up codes were told in 20 MB.
test('settings: the message shown names the first few problems and counts the rest', () => {
  const shown: string[] = [];
  const cache = new SettingsCache({ sendNotification: (_type: unknown, p: { message: string }) => void shown.push(p.message) } as never);
  const diagnostics = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`made-up-code-${i}`, 'error']));
  assert.deepEqual(cache.read({ diagnostics } as never), { overrides: {}, maxProblems: 0 });
  assert.equal(shown.length, 1);
  assert.ok(shown[0]!.length < 2000, `${shown[0]!.length} characters`);
  const one = (i: number) => `mars.diagnostics.made-up-code-${i}: no Mars TOML diagnostic has the code "made-up-code-${i}"; the setting is ignored.`;
  assert.equal(shown[0], `Mars TOML settings: ${[0, 1, 2, 3, 4].map(one).join(' ')} And 99995 more problems with the mars settings, not shown here.`);
  // Up to five, each is told.
  cache.read({ diagnostics: Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`made-up-code-${i}`, 'error'])) } as never);
  assert.equal(shown[1], `Mars TOML settings: ${[0, 1, 2, 3, 4].map(one).join(' ')}`);
});

// One problem is told as it is; the same problems read again (a change said twice) are not told again.
test('settings: one problem is told alone, and once', () => {
  const shown: string[] = [];
  const cache = new SettingsCache({ sendNotification: (_type: unknown, p: { message: string }) => void shown.push(p.message) } as never);
  const settings = { diagnostics: { 'made-up-code': 'error' } };
  cache.read(settings as never);
  cache.read(settings as never);
  assert.deepEqual(shown, ['Mars TOML: mars.diagnostics.made-up-code: no Mars TOML diagnostic has the code "made-up-code"; the setting is ignored.']);
});
