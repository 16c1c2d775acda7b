// Entry of the end-to-end suite in VS Code's web worker extension host, where the web extension
// (client/src/browser.ts) runs: the same tests as index.ts, with mocha's browser build and the
// small assert of assert.ts in place of Node's (test/e2e/run.mjs --web bundles it for the browser).
// Its UMD build sets the global `mocha` (run.mjs hides this bundle's `module` from it, which it
// would take over: VS Code would then call mocha's own `run`).
import 'mocha/mocha.js';

declare const mocha: BrowserMocha;
interface BrowserMocha {
  setup(options: { ui: string; reporter?: string; timeout: number; color: boolean }): void;
  run(done: (failures: number) => void): { stats?: { passes: number; failures: number; pending: number } };
}

export async function run(): Promise<void> {
  mocha.setup({ ui: 'tdd', reporter: 'spec', timeout: 60_000, color: false });
  // Loaded after setup, which defines `suite` and `test`.
  await (process.env.E2E_SUITE === 'noMarsFile' ? import('./noMarsFile.test') : import('./extension.test'));
  const stats = await new Promise<{ passes: number; failures: number; pending: number }>((resolve) => {
    const runner = mocha.run(() => resolve({ passes: runner.stats?.passes ?? 0, failures: runner.stats?.failures ?? 0, pending: runner.stats?.pending ?? 0 }));
  });
  // One machine-readable line for test/e2e/run.mjs, which prints the closing summary.
  console.log(`E2E_RESULT ${JSON.stringify(stats)}`);
  if (stats.failures > 0) throw new Error(`${stats.failures} end-to-end test(s) failed`);
}
