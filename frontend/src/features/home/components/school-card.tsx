import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { DirectorySchool } from '@shared/contracts/directory-api';
import { ContactDetails } from '../../../components/directory/contact-details';

/** The school as its settings describe it (the settings screen): name, school year and contact details. */
export function SchoolCard({ school }: { school: DirectorySchool }) {
  const { t } = useTranslation();
  const { email, phone, address } = school.contact ?? {};
  return (
    <Container header={<Header variant="h2" description={t('directory.home.schoolYear', { year: school.year })}>{school.name}</Header>}>
      {email || phone || address ? (
        // One line each, as a family's details are shown: the phone and the postal code no longer run together.
        <ContactDetails email={email} phone={phone} address={address} textable={false} />
      ) : (
        <Box color="text-body-secondary">{t('directory.home.noContact')}</Box>
      )}
    </Container>
  );
}
