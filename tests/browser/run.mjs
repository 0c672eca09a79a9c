// Runs browser test files with Node's test runner, or exits 77 (ctest's "skipped") when what they
// need is missing: the playwright-core package (`npm ci` here) or the Chromium binary.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromium = process.env.WARPATH_CHROMIUM ?? '/usr/bin/chromium';
const missing = [];
if (!fs.existsSync(path.join(here, 'node_modules', 'playwright-core', 'package.json')))
  missing.push(`playwright-core (run "npm ci" in ${here})`);
if (!fs.existsSync(chromium)) missing.push(`Chromium at ${chromium} (apt-get install chromium)`);
if (missing.length) {
  console.log(`browser tests skipped: missing ${missing.join(' and ')}`);
  process.exit(77);
}
const files = process.argv.slice(2);
const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', ...files], { stdio: 'inherit', cwd: here });
process.exit(result.status ?? 1);
