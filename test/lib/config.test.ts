import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DeploySettingsError,
  SETTINGS_CONTEXT_KEY,
  parseDeploySettings,
  readDeploySettings,
  PLACEHOLDER_WEB_DIR,
  readWebAssetDir,
} from '../../lib/config';
import { cdkJsonContext } from './stack-fixture';

const contextOf = (values: Record<string, unknown>) => ({ tryGetContext: (key: string) => values[key] });
const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0f4c8a2e-1d3b-4c5a-9e7f-123456789abc';

describe('deploy settings', () => {
  it('defaults to ca-central-1, WAF on, MFA required of administrators, names hidden from anonymous callers, 30-day links', () => {
    expect(parseDeploySettings({})).toEqual({
      region: 'ca-central-1',
      cognitoEmailViaSes: false,
      wafEnabled: true,
      validateEmailRateLimit: 100,
      adminMfaRequired: true,
      exposeNamesToAnonymous: false,
      updateLinkTtlDays: 30,
      sendRatePerSecond: 1,
    });
  });

  it("cdk.json's settings are valid and say the same as the schema defaults", () => {
    expect(readDeploySettings(contextOf(cdkJsonContext()))).toEqual(parseDeploySettings({}));
  });

  it('reads -c schoolDirectory.<key>=value strings over the cdk.json object', () => {
    const settings = readDeploySettings(
      contextOf({
        [SETTINGS_CONTEXT_KEY]: { wafEnabled: true, senderEmail: 'old@ecole.example.org' },
        [`${SETTINGS_CONTEXT_KEY}.wafEnabled`]: 'false',
        [`${SETTINGS_CONTEXT_KEY}.validateEmailRateLimit`]: '40',
        [`${SETTINGS_CONTEXT_KEY}.senderEmail`]: ' Bottin@Ecole.Example.org ',
        [`${SETTINGS_CONTEXT_KEY}.firstAdminEmail`]: '',
      }),
    );
    expect(settings).toMatchObject({
      wafEnabled: false,
      validateEmailRateLimit: 40,
      senderEmail: 'bottin@ecole.example.org',
    });
    expect(settings.firstAdminEmail).toBeUndefined();
  });

  it('accepts the whole object as a JSON string (-c schoolDirectory={...})', () => {
    const settings = readDeploySettings(contextOf({ [SETTINGS_CONTEXT_KEY]: '{"exposeNamesToAnonymous":true}' }));
    expect(settings.exposeNamesToAnonymous).toBe(true);
  });

  it('lists every bad key in one readable message', () => {
    let error: unknown;
    try {
      parseDeploySettings({ region: 'us-east-1', senderEmail: 'nope', validateEmailRateLimit: 5, colour: 'blue' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DeploySettingsError);
    const message = (error as Error).message;
    expect(message).toContain('schoolDirectory.region');
    expect(message).toContain('schoolDirectory.senderEmail: is not a valid email address');
    expect(message).toContain('schoolDirectory.validateEmailRateLimit');
    expect(message).toContain('"colour"');
  });

  it('keeps data in Canada: only Canadian regions', () => {
    expect(parseDeploySettings({ region: 'ca-west-1' }).region).toBe('ca-west-1');
    expect(() => parseDeploySettings({ region: 'us-east-1' })).toThrow(/region/);
  });

  it('needs a us-east-1 certificate with a custom domain, and a domain with a certificate', () => {
    const siteDomain = 'bottin.ecole.example.org';
    expect(() => parseDeploySettings({ siteDomain })).toThrow(/certificateArn: is required/);
    expect(() => parseDeploySettings({ certificateArn: CERTIFICATE })).toThrow(/siteDomain: is required/);
    const canadianCertificate = CERTIFICATE.replace('us-east-1', 'ca-central-1');
    expect(() => parseDeploySettings({ siteDomain, certificateArn: canadianCertificate })).toThrow(/us-east-1/);
    const settings = parseDeploySettings({ siteDomain: 'Bottin.Ecole.example.org', certificateArn: CERTIFICATE });
    expect(settings.siteDomain).toBe('bottin.ecole.example.org');
  });

  it('refuses Cognito mail through SES without a sender', () => {
    expect(() => parseDeploySettings({ cognitoEmailViaSes: 'true' })).toThrow(/senderEmail: is required/);
  });
});

describe('web asset directory', () => {
  it('stands the placeholder page in for a missing frontend/dist, and uses the build once it exists', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'school-directory-root-'));
    try {
      expect(readWebAssetDir(contextOf({}), root)).toEqual({ dir: PLACEHOLDER_WEB_DIR, placeholder: true });
      expect(readFileSync(path.join(PLACEHOLDER_WEB_DIR, 'index.html'), 'utf8')).toMatch(/npm run deploy/);
      mkdirSync(path.join(root, 'frontend', 'dist'), { recursive: true });
      writeFileSync(path.join(root, 'frontend', 'dist', 'index.html'), '<!doctype html>');
      expect(readWebAssetDir(contextOf({}), root)).toEqual({ dir: path.join(root, 'frontend', 'dist'), placeholder: false });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a webAssetDir named explicitly that holds no build (a typo never publishes the placeholder)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'school-directory-root-'));
    try {
      mkdirSync(path.join(root, 'empty'));
      expect(() => readWebAssetDir(contextOf({ webAssetDir: 'empty' }), root)).toThrow(/empty.*run npm run build:web first/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
