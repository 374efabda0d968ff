import { PRINT_AUDIT_ACTION, type PrintAuditRequest, type PrintAuditResponse } from '@shared/contracts/directory-print-api';
import { schoolDay } from '@shared/rules/school-calendar';
import { writeAudit } from '../common/audit';
import type { Caller, RegisteredPerson } from '../common/claims';
import { AppError } from '../common/errors';
import { getEntity } from './directory-repository';

/**
 * The printable directory's audit (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable directory: a PDF built in the browser"): one
 * entry per PDF, written before the browser produces it. Who (the caller's Cognito `sub`), when, and the scope as
 * the target: the class printed, or the whole directory; the paper and language as `fields`. Ids only, like every
 * audit entry (docs/data-model.md). A class that does not exist is refused and nothing is written.
 */
export async function recordPrint(
  request: PrintAuditRequest,
  caller: Caller,
  people: readonly RegisteredPerson[],
  now: Date = new Date(),
): Promise<PrintAuditResponse> {
  const { scope } = request;
  if (scope.kind === 'class' && !(await getEntity('CLASS', scope.classId))) throw new AppError('NOT_FOUND');
  const at = now.toISOString();
  await writeAudit({
    at,
    actor: { kind: 'user', id: caller.sub },
    action: PRINT_AUDIT_ACTION,
    target: scope.kind === 'class' ? { type: 'CLASS', id: scope.classId } : { type: 'DIRECTORY', id: 'print' },
    fields: [`paper.${request.paper}`, `lang.${request.lang}`],
  });
  // The registry keeps each person's display name; one email may hold a parent and a staff record of one person.
  const person = people.find((p) => p.personType === 'PARENT') ?? people[0]!;
  return { preparedFor: person.displayName, at, day: schoolDay(now) };
}
