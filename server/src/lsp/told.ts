// How a value the client sent is quoted in a line the server writes (a log line, a refusal, a
// message about settings): what it is, and the value itself briefly, whatever its size or depth.
import { shortened, shown } from '../grammar/text';

/** What a value of JSON is, for a message: `null`, `an array`, `a number` (not for undefined: say what is missing). */
export const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);

/**
 * A string of the client's that names something (a method, a command, a URI, a setting's code), as
 * written in a line: whole up to 200 characters, else its start and end (`shortened`), with what a
 * reader could not see written as escapes (`shown`).
 */
export const briefName = (name: string): string => shortened(shown(name), 200);

/**
 * A value of the client's as JSON: whole up to 200 characters, else its start and end (`shortened`);
 * one nested too deep for JSON.stringify (a RangeError) by its kind.
 */
export function briefly(value: unknown): string {
  try {
    return shortened(JSON.stringify(value) ?? String(value), 200);
  } catch {
    return `${kindOf(value)} nested too deep to show`;
  }
}

/** Whether a value of the client's can be written back as JSON: not one nested too deep for JSON.stringify (a RangeError). */
export function writable(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}
