import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * vitest's own order (project by project, larger files first), with one change: inside a project, the files of
 * one test environment run one after another (the jsdom files, then the node files).
 * A worker of a project without isolation keeps its module cache for the next file only when that file has the
 * same environment; in vitest's order the jsdom and node unit files alternated, so the worker was started again
 * almost at every file and imported React, Cloudscape and the app afresh each time: 166 s of import for the unit
 * files on one worker, against one import per environment now (docs/testing.md, "Fifth pass").
 */
const ENVIRONMENT_COMMENT = /@vitest-environment\s+([\w-]+)/;

function environmentOf(spec: TestSpecification): string {
  const head = readFileSync(spec.moduleId, 'utf8').slice(0, 2_000);
  return ENVIRONMENT_COMMENT.exec(head)?.[1] ?? spec.project.config.environment;
}

export class EnvironmentGroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const environment = new Map(sorted.map((spec) => [spec, environmentOf(spec)]));
    const projectOrder = new Map<string, number>();
    for (const spec of sorted) if (!projectOrder.has(spec.project.name)) projectOrder.set(spec.project.name, projectOrder.size);
    // Array.prototype.sort is stable: within a project and an environment, vitest's order stays.
    return sorted.sort(
      (a, b) =>
        projectOrder.get(a.project.name)! - projectOrder.get(b.project.name)! ||
        environment.get(a)!.localeCompare(environment.get(b)!),
    );
  }
}
