import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CarpoolResponse, Neighbour } from '@shared/contracts/carpool-api';
import { formatPhone } from '@shared/format/phone';
import { CarpoolChoice, useCarpool } from '../../../components/carpool/carpool-choice';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { NeighbourMessage } from '../components/neighbour-message';

/** One family near me: their name, their children's classes, the contact the directory already shows me, and a way to write. */
function NeighbourCard({ neighbour, onWrite }: { neighbour: Neighbour; onWrite: () => void }) {
  const { t } = useTranslation();
  const name = `${neighbour.firstName} ${neighbour.lastName}`;
  const classes = neighbour.classes.map((c) => c.name).join(', ');
  return (
    <li style={{ listStyle: 'none' }}>
      <Container
        header={
          <Header variant="h3" actions={<Button onClick={onWrite} ariaLabel={t('carpool.write.to', { name })}>{t('carpool.write.button')}</Button>}>
            {name}
          </Header>
        }
      >
        <SpaceBetween size="xxs">
          <Box>{classes ? t('carpool.list.classes', { classes }) : t('carpool.list.noClass')}</Box>
          {neighbour.email && <Box>{neighbour.email}</Box>}
          {neighbour.phone && <Box>{formatPhone(neighbour.phone)}</Box>}
          {neighbour.address && (
            <Box>{`${neighbour.address.street}, ${neighbour.address.city} ${neighbour.address.postalCode}`}</Box>
          )}
        </SpaceBetween>
      </Container>
    </li>
  );
}

function Neighbours({ data }: { data: CarpoolResponse }) {
  const { t } = useTranslation();
  const [writing, setWriting] = useState<Neighbour | undefined>();
  const [sentTo, setSentTo] = useState<string | undefined>();
  if (!data.optedIn || !data.fsa) return null;
  return (
    <SpaceBetween size="m">
      <Header variant="h2" counter={`(${data.neighbours.length})`} description={t('carpool.list.description', { fsa: data.fsa })}>
        {t('carpool.list.title', { fsa: data.fsa })}
      </Header>
      {sentTo && (
        <Alert type="success" dismissible onDismiss={() => setSentTo(undefined)}>
          {t('carpool.write.sent', { name: sentTo })}
        </Alert>
      )}
      {data.neighbours.length === 0 ? (
        <Box textAlign="center" color="text-body-secondary" padding="l">
          <Box variant="strong" color="inherit">{t('carpool.list.empty', { fsa: data.fsa })}</Box>
          <Box variant="p" color="inherit">{t('carpool.list.emptyHint')}</Box>
        </Box>
      ) : (
        <ul aria-label={t('carpool.list.title', { fsa: data.fsa })} style={{ margin: 0, padding: 0, display: 'grid', gap: 16 }}>
          {data.neighbours.map((n) => (
            <NeighbourCard key={n.id} neighbour={n} onWrite={() => setWriting(n)} />
          ))}
        </ul>
      )}
      {writing && (
        <NeighbourMessage
          neighbour={writing}
          quota={data.quota}
          onClose={() => setWriting(undefined)}
          onSent={(name) => {
            setWriting(undefined);
            setSentTo(name);
          }}
        />
      )}
    </SpaceBetween>
  );
}

/**
 * Families near me (docs/messages.md, "Families near me"): the choice, then the other opted-in families of the
 * parent's FSA, each with a way to write to them through the school's sender.
 */
export function CarpoolPage() {
  const { t } = useTranslation();
  const query = useCarpool();
  return (
    <PageFrame title={t('carpool.title')} description={t('carpool.description')}>
      <SpaceBetween size="xl">
        <CarpoolChoice />
        <QueryState query={query} loadingText={t('carpool.loading')}>
          {(data) => <Neighbours data={data} />}
        </QueryState>
      </SpaceBetween>
    </PageFrame>
  );
}
