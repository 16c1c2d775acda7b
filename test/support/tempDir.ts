// Folders the tests make under the system's temp folder. Each is removed when the test process exits,
// pass or fail, so running the suite again and again leaves nothing behind in /tmp.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];
let hooked = false;

export function tempDir(prefix: string): string {
  if (!hooked) {
    hooked = true;
    process.on('exit', () => {
      for (const dir of made) {
        try {
          fs.rmSync(dir, { recursive: true, force: true });
        } catch {
          // A folder a test left unreadable or still in use stays; the run's outcome does not hang on it.
        }
      }
    });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}
