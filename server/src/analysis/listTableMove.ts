// A table of lists meant as an owner's tools table, opened by a header of its own (Claude Code's settings:
// `[agents.x.permissions]` then `allow = […]` and `deny = […]`), where that tools table is written in
// another section (`[agents.x.tools]`): its rename would define the tools table twice, so its lists'
// entries move into the lists there instead. Only a text analysed whole sees both (`fixesBeyond`).

import { inWords, quoted } from '../grammar/text';
import { parseToolName } from '../grammar/toolName';
import { lineStartAt } from '../toml/lineIndex';
import type { TomlDocument } from '../toml/model';
import { isOpenMultiline } from '../toml/stringPositions';
import { deleteKeyValue, directiveAbove, standsAlone } from './edits';
import type { Fix } from './findings';
import { conflictNote, heldByOtherList, heldIn, meaning, notYetIn, strings } from './moves';
import { intoListsAcross, moveTitle, tableTakenOut } from './patternFixes';
import { type ListName, misplacedAt, type MisplacedList, ownPolicy, type Policies, sameOwner } from './policies';

/**
 * The move of the lists of `group` (the misplaced lists under one header's key meant as `tools`) into
 * the owner's tools table written in another section: each list's entries Mars reads appended to its
 * list there (each meaning once, not those it holds), or written as a new list below its last one;
 * the table taken out, or where it holds other keys (`ask`, `defaultMode`), the lists alone. Only where
 * every list holds strings Mars reads, none left open, and no map-form rule is among them (`bash = "deny"`).
 * Never safe: it puts rules in force.
 */
export function listTableMoveAcross(doc: TomlDocument, policies: Policies, group: readonly MisplacedList[]): Fix[] {
  const text = doc.text;
  const first = group[0]!;
  const owner = first.owner;
  const at = misplacedAt(first);
  const section = doc.sections.find((s) => s.header?.key.parts.includes(at));
  if (!section || !first.tools || first.ownerPart || group.some((m) => m.rule || !sameOwner(m.owner, owner) || !section.entries.includes(m.keyValue))) return [];
  // Nor where a `mars-ignore` above its header speaks of it, which would speak of what follows once it is taken out.
  if (directiveAbove(text, lineStartAt(text, section.header!.span.start))) return [];
  const own = ownPolicy(policies, owner);
  if (own.tables.length === 0) return [];
  // What goes into each list, each meaning once, as written first (`allow` and `allowed` both there go into one).
  const names = new Map<ListName, Map<string, string>>();
  for (const m of group) {
    const value = m.keyValue.value;
    if (value?.kind !== 'array') return [];
    for (const item of value.items) {
      if (item.kind !== 'string' || isOpenMultiline(item) || !parseToolName(item.value).ok) return [];
      const into = names.get(m.list) ?? new Map<string, string>();
      names.set(m.list, into);
      if (!into.has(meaning(item.value))) into.set(meaning(item.value), item.value);
    }
  }
  const lists = [...names].map(([list, byMeaning]) => {
    const entries = [...byMeaning.values()];
    return { list, moved: notYetIn(policies, owner, list, entries), held: heldIn(policies, owner, list, entries) };
  });
  const moving = lists.filter((l) => l.moved.length > 0);
  // Empty lists alone: their removal, which the table's own unit offers (`misplacedListFixes`).
  if (!lists.some((l) => l.moved.length > 0 || l.held.length > 0)) return [];
  const edits = intoListsAcross(doc, policies, owner, own, moving);
  if (!edits) return [];
  const whole = section.entries.length === group.length;
  if (whole) {
    const removal = tableTakenOut(doc, section);
    if (!removal) return [];
    edits.push(...removal);
  } else {
    if (!group.every((m) => standsAlone(text, m.keyValue))) return [];
    for (const m of group) edits.push(...deleteKeyValue(text, m.keyValue, doc.comments));
  }
  // A conflict the move makes: an entry its list gets that the other list holds, or gets from this move too (said once, of `allowed`).
  const movedInto = (list: ListName) => new Set((lists.find((l) => l.list === list)?.moved ?? []).map(meaning));
  const conflict = moving.map((l) => conflictNote(l.list, [...heldByOtherList(policies, owner, l.list, l.moved),
    ...(l.list === 'allowed' ? l.moved.filter((n) => movedInto('disallowed').has(meaning(n))) : [])])).join('');
  const heldSaid = lists.filter((l) => l.held.length > 0).map((l) => `${quoted(l.list)} already holds ${strings(l.held)}`);
  const what = whole ? `the table ${quoted(text.slice(section.header!.span.start, section.header!.span.end))}` : inWords(group.map((m) => quoted(m.key.name)));
  const title = moving.length > 0 ? moveTitle(moving, heldSaid, conflict) : `Remove ${what}: ${inWords(heldSaid)}`;
  return [{ title, edits: edits.sort((a, b) => a.start - b.start), preferred: conflict === '', safe: false }];
}
