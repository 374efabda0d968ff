import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { useOnFollow } from './use-on-follow';

/** A Cloudscape `Link` that navigates with react-router. */
export function RouterLink(props: LinkProps) {
  const onFollow = useOnFollow();
  return <Link {...props} onFollow={onFollow} />;
}
