/**
 * Whether the text report goes to `stream` in colour: on a terminal that shows colour, as ruff and
 * eslint do, never into a pipe or a file (a CI log, `| grep`), and as the conventions say:
 * FORCE_COLOR (but `0` or `false`) asks for it anywhere, and a set NO_COLOR asks for none.
 * (A module of its own: the kept results, resultCache.ts, tell runs apart by it before the checker loads.)
 */
export function wantsColour(stream: NodeJS.WritableStream & { isTTY?: boolean; hasColors?: () => boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR) return false;
  return stream.isTTY === true && stream.hasColors?.() === true;
}
