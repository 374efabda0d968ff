import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findCycles } from '../../local/cycles';

/** The no-cycle check of `npm run checks` (local/cycles.ts), on small trees written to a temporary folder. */
let root: string;

function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'cycles-'));
  const config = { compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', paths: { '@shared/*': ['./shared/*'] } } };
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify(config));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('no-cycle check', () => {
  it('fails on a circle of files, relative or through an alias, and names its files', () => {
    const report = findCycles(
      tree({
        'shared/one.ts': "import { two } from './two';\nexport const one = () => two;\n",
        'shared/two.ts': "import { three } from '@shared/three';\nexport const two = three;\n",
        'shared/three.ts': "import type { one } from '../shared/one';\nexport const three: typeof one | 3 = 3;\n",
        'frontend/src/apart.ts': "import { one } from '../../shared/one';\nexport const apart = one;\n",
      }),
    );
    expect(report.files).toEqual([['shared/one.ts', 'shared/two.ts', 'shared/three.ts']]);
  });

  it('fails when two contexts of lambdas/ depend on each other through their public surfaces', () => {
    const report = findCycles(
      tree({
        'lambdas/privacy/public.ts': "export { listConsent } from './consent';\n",
        'lambdas/privacy/consent.ts': "export const listConsent = () => [];\n",
        'lambdas/privacy/my-data.ts': "import { getCampaign } from '../annual-update/public';\nexport const data = getCampaign;\n",
        'lambdas/annual-update/public.ts': "export { getCampaign } from './campaign';\n",
        'lambdas/annual-update/campaign.ts': "export const getCampaign = () => 1;\n",
        'lambdas/annual-update/form.ts': "import { listConsent } from '../privacy/public';\nexport const form = listConsent;\n",
      }),
    );
    expect(report.files).toEqual([]);
    expect(report.contexts.map((circle) => [...circle].sort())).toEqual([['annual-update', 'privacy']]);
  });

  it('passes a tree whose imports run one way', () => {
    const report = findCycles(
      tree({
        'lambdas/directory/public.ts': "export const getSettings = () => 1;\n",
        'lambdas/privacy/index.ts': "import { getSettings } from '../directory/public';\nexport const x = getSettings;\n",
        'lambdas/admin/index.ts': "import { getSettings } from '../directory/public';\nimport { x } from '../privacy/index';\nexport const y = [getSettings, x];\n",
      }),
    );
    expect(report).toEqual({ files: [], contexts: [] });
  });
});
