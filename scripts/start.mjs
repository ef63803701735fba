// `npm start`: builds what is not built, then runs the server (migrations, seeding and the first admin happen at start-up).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll, isBuilt, root } from './build.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.mjs';

// package.json's engines: Node 22 or newer (tested on 24). An older Node still starts, with a warning
// saying how to get a supported one (README, "Node 22 or newer").
if (Number(process.versions.node.split('.')[0]) < 22)
  console.warn(
    `Warning: Node ${process.version} is past its end of life; the portal supports Node 22 or newer ` +
      '(tested on 24). The README says how to get Node 24 without root.',
  );
if (!isBuilt()) {
  console.log('Building the portal (first start or sources changed)...');
  await buildAll({ quiet: true, ifNeeded: true });
}
const child = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'dist/server/main.js')],
  { stdio: 'inherit', env: { ...SERVER_ENV, ...process.env } },
);
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
