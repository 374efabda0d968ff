import { AppError } from '../common/errors';
import { auditPut } from '../common/audit';
import { logger } from '../common/logger';
import { cancellationCodes, transactWrite, type TransactItem } from '../common/transact';
import { getEntity } from '../directory/public';
import { getSettings } from '../directory/public';
import type { LettersRequest, LettersResponse, PaperLetter } from '@shared/contracts/annual-update-letters-api';
import { expiryDay } from '@shared/rules/school-calendar';
import { CODE_PAGE_PATHS } from '@shared/rules/short-code';
import { formatShortCode } from '@shared/rules/short-code';
import type { Campaign } from '@shared/schemas/annual-update';
import type { Parent } from '@shared/schemas/parent';
import { getCampaign, listParticipants } from './campaign-repository';
import { currentLetterCodeHash, newShortCode, rotateLetterCodeItems } from './letter-code-repository';
import { linkExpiry } from './link-extension';
import { publicBaseUrl } from '../common/env';
import { getUpdateToken } from './token-repository';
import { frenchCompare } from '@shared/format/collation';

/**
 * Paper letters for the parents without an email (docs/annual-update.md, "Paper letters"): one letter per such
 * parent of the active campaign (or per chosen parent), each with a new short code. A printout rotates the codes of
 * the letters it prints: those parents' previous codes stop working (and say a newer letter replaced them). Families are written in chunks, each chunk one transaction with its audit entry.
 */
const FAMILIES_PER_TRANSACTION = 30;

/** Who gets a letter: participants listed unreachable whose record still has no email, by name. */
async function letterRecipients(campaignId: string): Promise<Parent[]> {
  const unreachable = (await listParticipants(campaignId)).filter((p) => p.unreachable === true);
  const parents = await Promise.all(unreachable.map((p) => getEntity('PARENT', p.parentId)));
  return parents
    .filter((p): p is Parent => p !== undefined && !p.email)
    .sort((a, b) => frenchCompare(a.lastName, b.lastName) || frenchCompare(a.firstName, b.firstName));
}

/** The chosen families, in the letters' order; an id that is not a letter recipient is refused, nothing issued. */
function chosen(recipients: Parent[], parentIds: string[] | undefined): Parent[] {
  if (!parentIds) return recipients;
  const known = new Set(recipients.map((p) => p.id));
  const unknown = parentIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw new AppError('VALIDATION_FAILED', [{ path: `parentIds.${unknown}`, issue: 'not_a_letter_recipient' }]);
  const wanted = new Set(parentIds);
  return recipients.filter((p) => wanted.has(p.id));
}

interface Issued {
  letter: PaperLetter;
  items: TransactItem[];
}

async function issueCode(campaign: Campaign, parent: Parent, now: Date, expiresAt: number): Promise<Issued> {
  const { code, codeHash } = newShortCode();
  const previous = await currentLetterCodeHash(campaign.id, parent.id);
  const previousStored = previous !== undefined && (await getUpdateToken(previous)) !== undefined;
  const stored = { tokenHash: codeHash, campaignId: campaign.id, parentId: parent.id, createdAt: now.toISOString(), expiresAt };
  const language = parent.preferredLanguage ?? 'fr';
  const base = publicBaseUrl();
  const printed = formatShortCode(code);
  return {
    items: rotateLetterCodeItems(stored, previous, previousStored),
    letter: {
      parentId: parent.id,
      firstName: parent.firstName,
      lastName: parent.lastName,
      language,
      ...(parent.address ? { address: parent.address } : {}),
      code: printed,
      url: `${base}/update/${printed}?lang=${language}`,
      codePageUrl: `${base}${CODE_PAGE_PATHS[language]}`,
      expiresOn: expiryDay(expiresAt),
    },
  };
}

async function writeChunk(campaignId: string, issued: Issued[], actorId: string, now: Date): Promise<void> {
  const audit = auditPut({
    at: now.toISOString(),
    actor: { kind: 'user', id: actorId },
    action: 'campaign.lettersIssue',
    target: { type: 'CAMPAIGN', id: campaignId },
    count: issued.length,
  });
  try {
    await transactWrite([...issued.flatMap((i) => i.items), audit]);
  } catch (error) {
    // Another printout replaced a code between our read and our write: the administrator downloads again.
    if ((cancellationCodes(error) ?? []).includes('ConditionalCheckFailed')) throw new AppError('CONFLICT');
    throw error;
  }
}

/**
 * `request.parentIds`: reprint only these families' letters (each must be a letter recipient); the other letters'
 * codes are not touched. Without it, every family's letter is (re)printed.
 */
export async function issueLetters(
  campaignId: string,
  actorId: string,
  request: LettersRequest = {},
  now = new Date(),
): Promise<LettersResponse> {
  const campaign = await getCampaign(campaignId);
  if (!campaign) throw new AppError('NOT_FOUND');
  if (campaign.status !== 'active') throw new AppError('CONFLICT');
  const [everyone, settings] = await Promise.all([letterRecipients(campaignId), getSettings()]);
  const recipients = chosen(everyone, request.parentIds);
  const expiresAt = linkExpiry(now, campaign.deadline);
  const letters: PaperLetter[] = [];
  for (let start = 0; start < recipients.length; start += FAMILIES_PER_TRANSACTION) {
    const chunk = recipients.slice(start, start + FAMILIES_PER_TRANSACTION);
    const issued = await Promise.all(chunk.map((parent) => issueCode(campaign, parent, now, expiresAt)));
    await writeChunk(campaignId, issued, actorId, now);
    letters.push(...issued.map((i) => i.letter));
  }
  logger.info('paper letters issued', { campaignId, count: letters.length });
  return {
    campaign: { id: campaign.id, schoolYear: campaign.schoolYear, ...(campaign.deadline ? { deadline: campaign.deadline } : {}) },
    school: {
      name: settings?.schoolName ?? '',
      ...(settings?.contact.email ? { contactEmail: settings.contact.email } : {}),
      ...(settings?.contact.phone ? { contactPhone: settings.contact.phone } : {}),
      ...(settings?.contact.address ? { address: settings.contact.address } : {}),
    },
    generatedAt: now.toISOString(),
    letters,
  };
}
