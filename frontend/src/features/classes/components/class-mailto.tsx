import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMe } from '../../../lib/api/me-queries';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { CLASS_MAILTO_MAX, classMailto } from '../../../lib/directory/class-mailto';

/**
 * « Écrire avec ma messagerie »: the viewer's own mail program, with the class's parents whose address this viewer
 * already sees in Bcc (lib/directory/class-mailto.ts); otherwise the reason it is not offered. Nothing while GET /api/me
 * loads, nor for a viewer who is not a parent of the class, staff or an administrator.
 */
export function ClassMailto({ index, classIndex }: { index: DirectoryIndex; classIndex: number }) {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return null;
  const schoolClass = index.directory.classes[classIndex]!;
  const mailto = classMailto(index, classIndex, me.data);
  if (mailto.kind === 'notForViewer') return null;
  if (mailto.kind === 'noAddress') return <Box variant="small" color="text-body-secondary">{t('directory.classes.mailto.noAddress')}</Box>;
  if (mailto.kind === 'tooMany') {
    return <Box variant="small" color="text-body-secondary">{t('directory.classes.mailto.tooMany', { count: mailto.count, max: CLASS_MAILTO_MAX })}</Box>;
  }
  return (
    <SpaceBetween size="xxxs">
      <Button variant="inline-link" iconName="envelope" href={mailto.href} ariaLabel={t('directory.classes.mailto.ariaLabel', { name: schoolClass.name })}>
        {t('directory.classes.mailto.write')}
      </Button>
      <Box variant="small" color="text-body-secondary">{t('directory.classes.mailto.offered', { count: mailto.count })}</Box>
    </SpaceBetween>
  );
}
