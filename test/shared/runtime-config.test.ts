import { describe, expect, it } from 'vitest';
import { checkRuntimeConfig } from '@shared/contracts/runtime-config';

const minimal = { mode: 'aws', region: 'ca-central-1', userPoolId: 'ca-central-1_abc', userPoolClientId: 'client', apiBaseUrl: '/api' };

describe('checkRuntimeConfig (/config.json)', () => {
  it('accepts the fields CDK writes, and the local ones', () => {
    expect(checkRuntimeConfig(minimal)).toEqual({ success: true, data: minimal });
    const local = {
      ...minimal,
      mode: 'local',
      cognitoEndpoint: 'http://localhost:9229',
      mailboxUrl: 'http://localhost:8005/',
      contactEmail: 'secretariat@ecole.example.org',
      build: '',
    };
    expect(checkRuntimeConfig(local)).toEqual({ success: true, data: local });
  });

  it('drops fields it does not know rather than passing them on', () => {
    expect(checkRuntimeConfig({ ...minimal, secret: 'x', __proto__: { polluted: true } })).toEqual({ success: true, data: minimal });
  });

  it('names every field at fault, never its value', () => {
    const result = checkRuntimeConfig({ mode: 'cloud', region: '', userPoolClientId: 7, apiBaseUrl: '/api', cognitoEndpoint: 'not a url', contactEmail: 'nobody', build: 3 });
    expect(result).toEqual({ success: false, fields: ['mode', 'region', 'userPoolId', 'userPoolClientId', 'cognitoEndpoint', 'contactEmail', 'build'] });
    expect(JSON.stringify(result)).not.toContain('cloud');
  });

  it('refuses anything but an object', () => {
    for (const json of [null, [], 'config', 42, true, undefined]) expect(checkRuntimeConfig(json)).toEqual({ success: false, fields: ['(root)'] });
  });
});
