import type { ReactNode } from 'react';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { usePageTitle } from '../layout/use-page-title';

/**
 * Every page's frame: an h1 with its description, and the document title kept in step. `lang` marks a header in
 * another language than the app's (the privacy policy at its other language's address), for screen readers.
 */
export function PageFrame({ title, description, lang, children }: {
  title: string;
  description?: string;
  lang?: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  const header = <Header variant="h1" description={description}>{title}</Header>;
  return <ContentLayout header={lang ? <div lang={lang}>{header}</div> : header}>{children}</ContentLayout>;
}
