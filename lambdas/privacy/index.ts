import { getSettings } from '../directory/settings-repository';
import { createHandler } from '../common/http';
import { registryAccess } from '../registry/access';
import { buildPrivacyNotice } from './notice-text';

/** Privacy (docs/privacy.md): the public privacy policy, generated from the school's settings. */
export const handler = createHandler(
  {
    'GET /api/privacy-notice': async () => {
      const settings = await getSettings();
      return {
        body: buildPrivacyNotice({
          schoolName: settings?.schoolName ?? '',
          contactEmail: settings?.contact.email,
          contactPhone: settings?.contact.phone,
          settingsVersion: settings?.version ?? 0,
          region: process.env.AWS_REGION ?? 'ca-central-1',
        }),
        etag: true,
      };
    },
  },
  registryAccess,
);
