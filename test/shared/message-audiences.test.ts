import { describe, expect, it, vi } from 'vitest';
import { audienceOptions, withheldRights } from '../../lambdas/messages/audiences';
import type { RegisteredPerson } from '../../lambdas/common/claims';
import { DEFAULT_MESSAGE_SETTINGS, type MessageSettings } from '@shared/contracts/messages-api';

/**
 * Who may write, and why a member with a role is offered nothing (lambdas/messages/audiences.ts): the Messages page
 * says "teachers' writing is turned off" to a homeroom teacher instead of "you have no class".
 */

const teacher: RegisteredPerson = { personType: 'STAFF', personId: 'staff-1', email: 't@ecole.example', displayName: 'T' };
const rep: RegisteredPerson = { personType: 'PARENT', personId: 'parent-1', email: 'r@ecole.example', displayName: 'R' };
const chair: RegisteredPerson = { personType: 'PARENT', personId: 'parent-2', email: 'c@ecole.example', displayName: 'C' };
const nobody: RegisteredPerson = { personType: 'PARENT', personId: 'parent-3', email: 'n@ecole.example', displayName: 'N' };

const directory = {
  classes: [{ id: 'class-a', name: 'Classe A', teacherId: 'staff-1', parentRepresentativeIds: ['parent-1'] }],
  committees: [{ id: 'k-1', name: { fr: 'Comité vert', en: 'Green committee' } }],
  memberships: [{ committeeId: 'k-1', personType: 'PARENT', personId: 'parent-2', role: 'chair' }],
  students: [],
  parents: [],
  staff: [],
  families: [],
} as unknown as Parameters<typeof withheldRights>[1];

const settings = (change: Partial<MessageSettings>): MessageSettings => ({ ...DEFAULT_MESSAGE_SETTINGS, ...change });

describe('withheldRights', () => {
  it('a homeroom teacher with teachers turned off (the default) is told so, and is offered nothing', () => {
    const off = settings({ teachers: false });
    expect(audienceOptions([teacher], false, directory, off)).toEqual([]);
    expect(withheldRights([teacher], directory, off)).toEqual(['teachers']);
    expect(withheldRights([teacher], directory, settings({ teachers: true }))).toEqual([]);
  });

  it('names each kind of author turned off that the caller is, and a withdrawn right', () => {
    const allOff = settings({ teachers: false, classRepresentatives: false, committeeChairs: false });
    expect(withheldRights([rep], directory, allOff)).toEqual(['classRepresentatives']);
    expect(withheldRights([chair], directory, allOff)).toEqual(['committeeChairs']);
    expect(withheldRights([rep, teacher], directory, allOff)).toEqual(['classRepresentatives', 'teachers']);
    expect(withheldRights([rep], directory, settings({ withdrawn: ['PARENT#parent-1'] }))).toEqual(['withdrawn']);
  });

  it('a member with no role has nothing withheld', () => {
    expect(withheldRights([nobody], directory, settings({ teachers: false, classRepresentatives: false, committeeChairs: false }))).toEqual([]);
  });
});

describe('audienceOptions', () => {
  it("says how many people each audience reaches, the author's own records left out", () => {
    const school = {
      ...directory,
      students: [
        { id: 's-1', classId: 'class-a', level: 'G1' },
        { id: 's-2', classId: 'class-a', level: 'G2' },
        { id: 's-3', classId: 'class-b', level: 'G2' },
      ],
      parents: [{ id: 'parent-1' }, { id: 'parent-4' }, { id: 'parent-5' }, { id: 'parent-6' }],
      families: [
        { parentId: 'parent-1', studentId: 's-1' },
        { parentId: 'parent-4', studentId: 's-1' },
        { parentId: 'parent-5', studentId: 's-2' },
        // Two children in class A: counted once.
        { parentId: 'parent-5', studentId: 's-1' },
        { parentId: 'parent-6', studentId: 's-3' },
      ],
    } as unknown as Parameters<typeof audienceOptions>[2];
    // The representative (parent-1) writes to class A's other two parents.
    const [classA] = audienceOptions([rep], false, school, settings({}));
    expect(classA).toMatchObject({ audience: { type: 'class', classId: 'class-a' }, recipients: 2 });
  });
});

describe("the author's send", () => {
  it('sends in chunks of at most a second and a half, so the progress bar moves while a class is emailed', async () => {
    vi.stubEnv('SENDER_EMAIL', 'bottin@ecole.example');
    vi.stubEnv('SEND_RATE_PER_SECOND', '14');
    vi.stubEnv('PUBLIC_BASE_URL', 'https://bottin.ecole.example');
    const { defaultMessageSendDeps } = await import('../../lambdas/messages/send-service');
    const deps = defaultMessageSendDeps();
    expect(deps.budgetMs).toBeLessThanOrEqual(1_500);
    // At SES's usual production pace, one chunk is fewer emails than a class has parents (about 40).
    expect((deps.budgetMs / 1000) * deps.ratePerSecond).toBeLessThan(40);
  });
});
