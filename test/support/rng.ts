// A seeded PRNG (Mulberry32), so a randomized test is the same test every run: the benchmark's
// own, one implementation for both.
// @ts-expect-error: a plain ES module of the benchmark, no types
import { rng as mulberry32 } from '../../scripts/bench/generate.mjs';

export const rng: (seed: number) => () => number = mulberry32;
