// Entry of the end-to-end suite inside VS Code's extension host (the `extensionTestsPath` module):
// VS Code calls `run()` and treats a rejection as failure. The same module serves both runners of
// test/e2e/run.mjs: @vscode/test-electron and code-server in headless Chromium. run.mjs bundles it once
// for each suite, E2E_SUITE naming the test module to load.
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000, reporter: 'spec' });
  // Load the tests after mocha has set up `suite`/`test` (a static import would run them too early).
  mocha.suite.emit('pre-require', globalThis, 'extension.test', mocha);
  await (process.env.E2E_SUITE === 'noMarsFile' ? import('./noMarsFile.test') : import('./extension.test'));
  const stats = await new Promise<{ passes: number; failures: number; pending: number }>((resolve) => {
    const runner = mocha.run(() => resolve({ passes: runner.stats?.passes ?? 0, failures: runner.stats?.failures ?? 0, pending: runner.stats?.pending ?? 0 }));
  });
  // One machine-readable line for test/e2e/run.mjs, which prints the closing summary.
  console.log(`E2E_RESULT ${JSON.stringify(stats)}`);
  if (stats.failures > 0) throw new Error(`${stats.failures} end-to-end test(s) failed`);
}
