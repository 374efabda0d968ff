/**
 * `npm run cycles`: fails when the tree's imports form a circle of files, or lambdas/' contexts depend on each
 * other (local/cycles.ts, docs/architecture.md "Backend contexts").
 */
import { findCycles } from '../cycles';

const { files, contexts } = findCycles(process.cwd());
for (const circle of files) console.log(`circle of files: ${[...circle, circle[0]].join(' -> ')}`);
for (const circle of contexts) console.log(`circle of contexts in lambdas/: ${[...circle, circle[0]].join(' -> ')}`);
if (files.length + contexts.length > 0) process.exit(1);
console.log('No circle: no file imports itself through others, and no two contexts of lambdas/ depend on each other.');
