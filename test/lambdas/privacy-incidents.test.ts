import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { parseCsv } from '@shared/format/csv';
import type { Incident } from '@shared/contracts/privacy-incidents-api';
import { useStack } from '../support/stack';
import { adminClaims, type CallOptions, type CallResult } from './admin-support';
import { apiEvent, claimsFor, registerPerson, uniqueEmail } from './auth-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * The confidentiality-incident register (lambdas/privacy/incidents, docs/privacy.md) in a table of its own:
 * record, edit with a version check, cross-field date rules, audit entries without content, exports.
 */

useStack();
useDirectoryTable('privacy-incidents');
let claims: Record<string, string>;
beforeAll(async () => {
  claims = await adminClaims();
});

async function call(method: string, resource: string, options: CallOptions = {}): Promise<CallResult> {
  const event = {
    ...apiEvent({ method, resource, body: options.body === undefined ? null : JSON.stringify(options.body), claims: options.claims ?? claims }),
    pathParameters: options.id ? { incidentId: options.id } : null,
    queryStringParameters: options.query ?? null,
  };
  const response = (await privacyHandler(event)) as APIGatewayProxyResult;
  return { status: response.statusCode, json: response.body ? JSON.parse(response.body) : undefined };
}

const BASE = '/api/admin/privacy/incidents';
const ITEM = `${BASE}/{incidentId}`;

const incident = {
  occurredOn: '2026-10-01',
  discoveredOn: '2026-10-03',
  description: 'Liste de classe envoyée au mauvais destinataire; "erreur" de saisie',
  personalInformation: 'Noms et courriels des parents de la classe',
  peopleCount: 24,
  seriousInjuryRisk: false,
  riskReasoning: 'Destinataire connu, courriel supprimé',
  commissionNotified: false,
  peopleNotified: true,
  peopleNotifiedOn: '2026-10-05',
  measures: 'Rappel aux bénévoles',
};

const auditOf = async (id: string) =>
  (
    await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `AUDIT#PRIVACY_INCIDENT#${id}` },
      }),
    )
  ).Items ?? [];

const incidentItems = async () => (await scanAll()).filter((item) => item.type === 'PRIVACY_INCIDENT');

describe('the incident register', () => {
  it('records an incident, lists it, edits it at its version, and audits each write by field name only', async () => {
    const created = await call('POST', BASE, { body: incident });
    expect(created.status).toBe(201);
    const record = created.json.incident as Incident;
    expect(record).toMatchObject({ ...incident, version: 1 });
    expect(record).not.toHaveProperty('commissionNotifiedOn');

    const list = await call('GET', BASE);
    expect(list.status).toBe(200);
    expect(list.json.incidents.map((i: Incident) => i.id)).toContain(record.id);

    const edit = { ...incident, seriousInjuryRisk: true, commissionNotified: true, commissionNotifiedOn: '2026-10-06', version: 1 };
    const edited = await call('PUT', ITEM, { id: record.id, body: edit });
    expect(edited.status).toBe(200);
    expect(edited.json.incident).toMatchObject({ version: 2, seriousInjuryRisk: true, commissionNotifiedOn: '2026-10-06' });

    const stale = await call('PUT', ITEM, { id: record.id, body: { ...edit, measures: 'autre', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('CONFLICT');

    const entries = await auditOf(record.id);
    expect(entries.map((e) => e.action).sort()).toEqual(['privacyIncident.create', 'privacyIncident.update']);
    const update = entries.find((e) => e.action === 'privacyIncident.update')!;
    expect(update.fields).toEqual(['seriousInjuryRisk', 'commissionNotified', 'commissionNotifiedOn']);
    // Ids and field names only: no text of the incident in the trail.
    expect(JSON.stringify(entries)).not.toContain('Noms et courriels');
  });

  it('refuses incoherent or future dates and unknown fields, writing nothing', async () => {
    const before = JSON.stringify(await incidentItems());
    const cases: [Record<string, unknown>, { path: string; issue: string }[]][] = [
      [{ ...incident, discoveredOn: '2026-09-01' }, [{ path: 'discoveredOn', issue: 'custom' }]],
      [{ ...incident, commissionNotified: true }, [{ path: 'commissionNotifiedOn', issue: 'custom' }]],
      [{ ...incident, peopleNotified: false }, [{ path: 'peopleNotifiedOn', issue: 'custom' }]],
      [{ ...incident, occurredOn: '2026-02-30' }, [{ path: 'occurredOn', issue: 'invalid_format' }]],
      [{ ...incident, discoveredOn: '2999-01-01', peopleNotifiedOn: '2999-01-02' }, [{ path: 'discoveredOn', issue: 'future_date' }, { path: 'peopleNotifiedOn', issue: 'future_date' }]],
      [{ ...incident, peopleCount: -1 }, [{ path: 'peopleCount', issue: 'too_small' }]],
      [{ ...incident, description: '   ' }, [{ path: 'description', issue: 'too_small' }]],
      [{ ...incident, notes: 'x' }, [{ path: '', issue: 'unrecognized_keys' }]],
    ];
    for (const [body, fields] of cases) {
      const response = await call('POST', BASE, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.error).toEqual({ code: 'VALIDATION_FAILED', fields });
    }
    expect(JSON.stringify(await incidentItems())).toBe(before);
  });

  it('answers 404 for an unknown or malformed id and 403 to a registered non-administrator', async () => {
    const unknown = await call('PUT', ITEM, { id: '01KZZZZZZZZZZZZZZZZZZZZZZZ', body: { ...incident, version: 1 } });
    expect(unknown.status).toBe(404);
    expect((await call('PUT', ITEM, { id: 'not-an-id', body: { ...incident, version: 1 } })).status).toBe(404);
    const email = uniqueEmail('parent');
    await registerPerson(email);
    const parent = await call('GET', BASE, { claims: claimsFor(email) });
    expect(parent.status).toBe(403);
  });

  it('exports the register as CSV with a BOM in the admin language, and as JSON; each export is audited', async () => {
    const fr = await call('GET', `${BASE}/export/csv`, { query: { lang: 'fr' } });
    expect(fr.status).toBe(200);
    const text = fr.json.file.text as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(fr.json.file.name).toMatch(/^registre-incidents-\d{4}-\d{2}-\d{2}\.csv$/);
    const parsed = parseCsv(text);
    expect(parsed.ok && parsed.separator).toBe(';');
    if (!parsed.ok) return;
    expect(parsed.records[0]!.fields[1]).toBe("Date de l'incident");
    expect(parsed.records[1]!.fields).toContain('Liste de classe envoyée au mauvais destinataire; "erreur" de saisie');
    expect(parsed.records[1]!.fields).toContain('Oui');

    const en = await call('GET', `${BASE}/export/csv`, { query: { lang: 'en' } });
    expect(en.json.file.text).toContain('Incident date,');
    expect((await call('GET', `${BASE}/export/csv`, { query: { lang: 'de' } })).status).toBe(400);

    const json = await call('GET', `${BASE}/export/json`);
    expect(json.status).toBe(200);
    expect(json.json).toMatchObject({ register: 'privacy-incidents', incidents: [expect.objectContaining({ peopleCount: 24 })] });
    const exports = await auditOf('register');
    expect(exports.map((e) => e.action).sort()).toEqual([
      'privacyIncident.exportCsv',
      'privacyIncident.exportCsv',
      'privacyIncident.exportJson',
    ]);
  });
});
