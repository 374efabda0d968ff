/** `npm run reset`: wipes the local data (`.data/`); the next `npm start` seeds the demo school again. */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defaultPorts } from './stack';
import { portInUse } from './ports';
import { alreadyRunning, runningOwner } from './stale-processes';

const DATA_DIR = path.resolve('.data');

// This folder's stack on any ports (LOCAL_PORT_BASE): its starter is alive (local/stale-processes.ts).
const owner = runningOwner(path.join(DATA_DIR, 'pids.json'));
if (owner !== undefined) {
  console.error(`Nothing removed: ${alreadyRunning(owner)}`);
  process.exit(1);
}
if (await portInUse(defaultPorts().dynamo)) {
  console.error('The local stack seems to be running: stop it (Ctrl-C) before resetting its data.');
  process.exit(1);
}
if (existsSync(DATA_DIR)) rmSync(DATA_DIR, { recursive: true, force: true });
console.log(`Local data removed (${DATA_DIR}). The next \`npm start\` seeds a fresh demo school.`);
