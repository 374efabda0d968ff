import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DirectorySchool } from '../../../../../shared/directory-api';
import { formatPhone } from '../../../../../shared/format/phone';

/** The school as its settings describe it (the settings screen): name, school year and contact details. */
export function SchoolCard({ school }: { school: DirectorySchool }) {
  const { t } = useTranslation();
  const { email, phone, address } = school.contact ?? {};
  return (
    <Container header={<Header variant="h2" description={t('directory.home.schoolYear', { year: school.year })}>{school.name}</Header>}>
      {email || phone || address ? (
        <SpaceBetween size="xxs" direction="horizontal">
          {address && <Box>{`${address.street}, ${address.city} ${address.postalCode}`}</Box>}
          {phone && <Box>{formatPhone(phone)}</Box>}
          {email && <Box><a href={`mailto:${email}`}>{email}</a></Box>}
        </SpaceBetween>
      ) : (
        <Box color="text-body-secondary">{t('directory.home.noContact')}</Box>
      )}
    </Container>
  );
}
