import { writeFileSync } from 'node:fs';
const rows = [];
export default class {
  onTestModuleEnd(m) { const d = m.diagnostic(); rows.push({ f: m.moduleId.replace(process.cwd() + '/', ''), p: m.project.name, ...d, importDurations: undefined }); }
  onTestRunEnd() { writeFileSync(process.env.DIAG_OUT ?? '/work/scratch/cpu/diag.json', JSON.stringify(rows, null, 1)); }
}
