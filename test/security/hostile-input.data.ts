import { COMMITTEE_KINDS } from '@shared/schemas/committee';
import { COMMITTEE_ROLE_CODES } from '@shared/schemas/committee-roles';
import { STAFF_DEPARTMENT_CODES } from '@shared/schemas/staff';

/**
 * A body each write route of lambdas/routes.ts accepts, by route key, for test/security/hostile-input.test.ts:
 * that file adds one unknown field to it and expects the route to refuse the whole body, naming only that field
 * (so the rest of the body is proven valid by the server's own validation). Routes marked `noBody` take `{}`
 * and are not listed. A write route missing here fails that test.
 *
 * Ids are real records of the test's stack where one helps the body look like the screens' (the route refuses
 * the body before it reads any record); the tokens are well formed and unknown.
 */
export interface RealIds {
  parents: string;
  students: string;
  staff: string;
  classes: string;
  committees: string;
}

const TOKEN = 't'.repeat(43);
const parent = { firstName: 'Nadia', lastName: 'Tremblay', email: 'nadia.tremblay@test.example' };
const parentForm = { version: 1, firstName: 'Nadia', lastName: 'Tremblay', phone: '514 555-0123', participation: 'full', preferredLanguage: 'fr' };
const localized = (fr: string, en: string) => ({ fr, en });
const staff = { firstName: 'Luc', lastName: 'Gagnon', title: localized('Enseignant', 'Teacher'), department: STAFF_DEPARTMENT_CODES[0] };
/** The staff form of a staff member's update link (shared/rules/staff-form.ts). */
const staffForm = { version: 1, title: localized('Enseignant', 'Teacher'), department: STAFF_DEPARTMENT_CODES[0], extension: '1234', showEmail: false, preferredLanguage: 'fr' };
const schoolClass = { code: 'ZZ9', name: 'Classe test', levels: ['G1'] };
const committee = { name: localized('Comité test', 'Test committee'), kind: COMMITTEE_KINDS[0] };
const remove = { version: 1, confirm: 'confirm' };
const newStudent = (ids: RealIds) => ({
  student: { firstName: 'Jules', lastName: 'Bérubé', level: 'G1', classId: ids.classes },
  parent1: { mode: 'existing', parentId: ids.parents },
});
/** The school settings form (shared/contracts/school-settings-api.ts): the school file's cells as text. */
const settingsForm = {
  version: 1,
  schoolName: 'École des Érables',
  schoolYear: '2070-2071',
  email: '',
  phone: '',
  street: '',
  city: '',
  postalCode: '',
  classStructure: 'multiGrade',
  graduatingLevel: '',
  levels: [{ levelCode: 'G1', levelFr: '1re année', levelEn: 'Grade 1', shortFr: '1re', shortEn: '1' }],
};
const csv = [{ name: 'eleves.csv', text: 'prenom,nom\nJules,Bérubé\n' }];
/** A confidentiality incident as the register's form sends it. */
const incident = {
  occurredOn: '2026-01-05',
  discoveredOn: '2026-01-06',
  description: 'Liste envoyée au mauvais destinataire',
  personalInformation: 'Noms et courriels',
  peopleCount: 12,
  seriousInjuryRisk: false,
  riskReasoning: 'Destinataire connu, courriel supprimé',
  commissionNotified: false,
  peopleNotified: true,
  peopleNotifiedOn: '2026-01-07',
  measures: '',
};

/** The form's committee sign-ups and shared address (docs/product-rules.md), as the form sends them. */
const signUpAndAddress = (ids: RealIds) => ({
  address: { street: '45, rue des Pins', city: 'Laval', postalCode: 'H7N 1A1' },
  committees: { join: [{ committeeId: ids.committees }], leave: [] },
  shareAddressWith: [{ parentId: ids.parents, version: 1 }],
  // The emails accepted (docs/messages.md, "Consents"): each box is fuzzed like the other fields.
  messages: { school: true, class: false, committee: true },
});

export function validBodies(ids: RealIds): Record<string, Record<string, unknown>> {
  const student = { firstName: 'Jules', lastName: 'Bérubé', level: 'G1', classId: ids.classes, parentIds: [ids.parents] };
  return {
    'POST /api/validateEmailV2': { email: 'nadia.tremblay@test.example' },
    'POST /api/account-recovery/start': { email: 'nadia.tremblay@test.example', locale: 'fr' },
    'POST /api/account-recovery/complete': { token: TOKEN, password: 'Famille2025' },
    'POST /api/admin/annual-update/campaigns': { schoolYear: '2070-2071', confirmation: 'confirm' },
    'POST /api/admin/annual-update/campaigns/{campaignId}/send-jobs': { mode: 'selected', parentIds: [ids.parents] },
    'PUT /api/admin/annual-update/campaigns/{campaignId}/reminders': { reminderDays: [7, 2] },
    'POST /api/admin/annual-update/campaigns/{campaignId}/reopen': { deadline: '2070-12-19' },
    // Paper letters: a reprint of chosen families' letters (shared/contracts/annual-update-letters-api.ts).
    'POST /api/admin/annual-update/campaigns/{campaignId}/letters': { parentIds: [ids.parents] },
    // Review before publishing (shared/rules/annual-update-review.ts).
    'POST /api/admin/annual-update/campaigns/{campaignId}/review/{parentId}': { version: 1, submittedAt: '2026-01-01T00:00:00.000Z', accept: ['phone'], reject: ['address'] },
    'POST /api/update/load': { token: TOKEN },
    'POST /api/update/submit': { token: TOKEN, data: { ...parentForm, ...signUpAndAddress(ids) } },
    'POST /api/update/staff/load': { token: TOKEN },
    'POST /api/update/staff/submit': { token: TOKEN, data: staffForm },
    'PUT /api/profile': { data: { ...parentForm, ...signUpAndAddress(ids) } },
    // The printable directory's audit (shared/contracts/directory-print-api.ts).
    'POST /api/directory/pdf-audit': { scope: { kind: 'class', classId: ids.classes }, paper: 'letter', lang: 'fr' },
    // Privacy requests (docs/privacy.md).
    'POST /api/privacy-requests': { kind: 'access', details: 'Je voudrais une copie de mes renseignements.' },
    'POST /api/update/privacy-request': { token: TOKEN, kind: 'correction', details: 'Mon adresse a changé.' },
    'PUT /api/admin/privacy/requests/{id}': { version: 1, status: 'answered', answer: 'Voici vos renseignements.' },
    'PUT /api/admin/progression/{progressionId}/assignments': { assignments: [{ studentId: ids.students, classId: ids.classes }] },
    'PUT /api/admin/progression/{progressionId}/departures': { departures: [{ studentId: ids.students, departing: true, reason: 'Déménagement' }] },
    'PUT /api/admin/progression/{progressionId}/parent-decisions': { decisions: [{ parentId: ids.parents, status: 'keep' }] },
    'POST /api/admin/progression/{progressionId}/new-students': newStudent(ids),
    'PUT /api/admin/progression/{progressionId}/new-students/{newStudentId}': newStudent(ids),
    'POST /api/admin/progression/{progressionId}/parent-lookup': { email: 'nadia.tremblay@test.example' },
    'POST /api/admin/progression/{progressionId}/apply': { confirm: 'confirm' },
    'POST /api/admin/import/dry-run': { files: csv },
    'POST /api/admin/import/apply': { files: csv },
    'POST /api/admin/parents': parent,
    'PUT /api/admin/parents/{id}': { ...parent, version: 1 },
    'DELETE /api/admin/parents/{id}': remove,
    'PUT /api/admin/parents/{id}/safety-restriction': { version: 1, hiddenFrom: [] },
    'POST /api/admin/duplicates/merge': {
      keepId: '01JAAAAAAAAAAAAAAAAAAAAAAA',
      keepVersion: 1,
      otherId: '01JBBBBBBBBBBBBBBBBBBBBBBB',
      otherVersion: 1,
      choices: { name: 'keep', email: 'keep', phone: 'keep', address: 'keep', preferredLanguage: 'keep', privacy: 'keep', profile: 'keep' },
    },
    'POST /api/admin/duplicates/merges/{id}/undo': {},
    'POST /api/admin/students': student,
    'PUT /api/admin/students/{id}': { ...student, version: 1 },
    'DELETE /api/admin/students/{id}': { ...remove, orphanParents: 'keep' },
    'POST /api/admin/staff': staff,
    'PUT /api/admin/staff/{id}': { ...staff, version: 1 },
    'DELETE /api/admin/staff/{id}': remove,
    'POST /api/admin/classes': schoolClass,
    'PUT /api/admin/classes/{id}': { ...schoolClass, version: 1 },
    'DELETE /api/admin/classes/{id}': remove,
    'POST /api/admin/committees': { ...committee, members: [{ personType: 'PARENT', personId: ids.parents, role: COMMITTEE_ROLE_CODES[0] }] },
    'PUT /api/admin/committees/{id}': { ...committee, version: 1, otherMembers: [], members: [], openToSignUps: true },
    'DELETE /api/admin/committees/{id}': remove,
    'POST /api/admin/privacy/incidents': incident,
    'PUT /api/admin/privacy/incidents/{incidentId}': { ...incident, version: 1 },
    'PUT /api/admin/privacy/retention': { departedMonths: 12, campaignMonths: 24, backupDays: 35, requestMonths: 24, version: 0 },
    'PUT /api/admin/settings': settingsForm,
    'POST /api/admin/roles/handover': { incomingEmail: 'nadia.tremblay@test.example', from: '2070-09-01', title: 'Responsable du bottin 2070-2071' },
    'POST /api/admin/roles/end': { email: 'nadia.tremblay@test.example', until: '2070-09-01' },
    // Messages (docs/messages.md).
    'POST /api/messages': { audience: { type: 'class', classId: ids.classes }, subject: { fr: 'Sortie' }, body: { fr: 'La sortie a lieu vendredi.' }, shareReplyTo: false, clientKey: 'hostile-input-key-0001' },
    'POST /api/messages/unsubscribe': { token: TOKEN },
    'PUT /api/me/message-consents': { consents: { school: true, class: true, committee: false }, language: 'fr' },
    'PUT /api/me/carpool': { optedIn: true, language: 'fr' },
    'POST /api/carpool/messages': { to: ids.parents, clientKey: 'hostile-input-carpool-0001', subject: 'Covoiturage', body: 'Bonjour, nous cherchons un covoiturage le matin.', language: 'fr', shareReplyTo: false },
    'PUT /api/admin/messages/settings': { classRepresentatives: true, committeeChairs: true, teachers: false, approveRepresentatives: false, withdrawn: [], version: 0 },
    'POST /api/admin/messages/{id}/decision': { approve: true },
  };
}
