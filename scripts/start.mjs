// `npm start`: builds what is not built, then runs the server (migrations, seeding and the first admin happen at start-up).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll, isBuilt, root } from './build.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

if (!isBuilt()) {
  console.log('Building the portal (first start or sources changed)...');
  await buildAll({ quiet: true, ifNeeded: true });
}
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'dist/server/main.js')],
  { stdio: 'inherit' },
);
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
