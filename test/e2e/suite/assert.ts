// The part of `node:assert/strict` the suite uses, for VS Code's web worker extension host, which
// has no Node modules (test/e2e/run.mjs --web puts it in place of Node's). Strict: `equal` is
// Object.is, `deepEqual` compares structure with Object.is on the leaves.

export class AssertionError extends Error {
  override name = 'AssertionError';
}

const show = (v: unknown) => {
  try {
    return typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};

function failWith(message: string | undefined, fallback: string): never {
  throw new AssertionError(message ?? fallback);
}

export function fail(message?: string): never {
  failWith(message, 'Failed');
}

export function ok(value: unknown, message?: string): asserts value {
  if (!value) failWith(message, `expected a truthy value, got ${show(value)}`);
}

export function equal<T>(actual: unknown, expected: T, message?: string): asserts actual is T {
  if (!Object.is(actual, expected)) failWith(message, `expected ${show(expected)}, got ${show(actual)}`);
}

export function deepEqual<T>(actual: unknown, expected: T, message?: string): asserts actual is T {
  if (!same(actual, expected)) failWith(message, `expected ${show(expected)}, got ${show(actual)}`);
}

export function match(actual: string, pattern: RegExp, message?: string): void {
  if (typeof actual !== 'string' || !pattern.test(actual)) failWith(message, `expected ${show(actual)} to match ${pattern}`);
}

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
