import type { ReactNode } from 'react';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { usePageTitle } from '../layout/use-page-title';

/** Every page's frame: an h1 with its description, and the document title kept in step. */
export function PageFrame({ title, description, children }: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <ContentLayout header={<Header variant="h1" description={description}>{title}</Header>}>
      {children}
    </ContentLayout>
  );
}
