import { useCallback } from 'react';
import { PrivacyRequestForm } from '../../../components/privacy/privacy-request-form';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { privacyRequestsApi, type NewPrivacyRequest } from '../../../lib/api/privacy-requests-client';

/** My Profile's privacy request, filed for the person's (first) parent record, signed in (docs/privacy.md). */
export function ProfilePrivacyRequest({ parentId }: { parentId: string }) {
  const { apiBaseUrl } = useRuntimeConfig();
  const submit = useCallback(
    (request: NewPrivacyRequest) => privacyRequestsApi.file(apiBaseUrl, { ...request, parentId }),
    [apiBaseUrl, parentId],
  );
  return <PrivacyRequestForm submit={submit} />;
}
