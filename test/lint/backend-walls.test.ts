import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The walls between the backend's contexts (eslint/backend-walls.js, docs/architecture.md "Backend contexts"), run
 * through ESLint's own API on small sources at virtual paths in lambdas/.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const WALL = 'backend/backend-walls';

describe('backend walls', () => {
  it('fails when a context imports a deep file of another context', async () => {
    const code = "import { getCampaign } from '../../annual-update/campaign-repository';\nexport const used = getCampaign;\n";
    expect(await ruleIds(code, 'lambdas/privacy/my-data/other.ts')).toContain(WALL);
    const kernel = "import { getSettings } from '../../directory/settings-repository';\nexport const used = getSettings;\n";
    expect(await ruleIds(kernel, 'lambdas/admin/import/other.ts')).toContain(WALL);
  });

  it('fails on a deep re-export or a dynamic import of another context', async () => {
    expect(await ruleIds("export { registryPut } from '../registry/registry-repository';\n", 'lambdas/auth/x.ts')).toContain(WALL);
    const lazy = "export const load = () => import('../privacy/notice-text');\n";
    expect(await ruleIds(lazy, 'lambdas/admin/x.ts')).toContain(WALL);
  });

  it('fails when the kernel imports above itself, even through a public surface', async () => {
    const up = "import { getCampaign } from '../annual-update/public';\nexport const used = getCampaign;\n";
    expect(await ruleIds(up, 'lambdas/directory/x.ts')).toContain(WALL);
    const registry = "import { getSettings } from '../directory/public';\nexport const used = getSettings;\n";
    expect(await ruleIds(registry, 'lambdas/registry/x.ts')).toContain(WALL);
    const library = "import { registryPut } from '../registry/public';\nexport const used = registryPut;\n";
    expect(await ruleIds(library, 'lambdas/common/x.ts')).toContain(WALL);
  });

  it('passes a clean file: its own context, public surfaces, the library and the route table', async () => {
    const code = [
      "import { own } from './own';",
      "import { getSettings } from '../../directory/public';",
      "import { getCampaign } from '../../annual-update/public';",
      "import { keys } from '../../common/keys';",
      "import { ROUTES } from '../../routes';",
      "import { visibleParent } from '../../../shared/visibility';",
      'export const used = [own, getSettings, getCampaign, keys, ROUTES, visibleParent];',
      '',
    ].join('\n');
    expect(await ruleIds(code, 'lambdas/privacy/my-data/clean.ts')).toEqual([]);
    const kernel = "import { registryPut } from '../registry/public';\nexport const used = registryPut;\n";
    expect(await ruleIds(kernel, 'lambdas/directory/clean.ts')).toEqual([]);
  });

  it('holds on every context folder of lambdas/', async () => {
    const contexts = readdirSync('lambdas', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(contexts.length).toBeGreaterThan(5);
    for (const { name } of contexts) {
      const config = (await eslint.calculateConfigForFile(`lambdas/${name}/any.ts`)) as { rules: Record<string, unknown> };
      expect(config.rules[WALL], name).toEqual([2]);
    }
  });
});
