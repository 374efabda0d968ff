import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

interface FollowDetail {
  href?: string;
  external?: boolean;
}

/**
 * Bridge between Cloudscape links and react-router. Cloudscape fires `onFollow` only for a plain left click
 * (no modifier key, so ctrl/cmd-click still opens a new tab); for internal links the page change goes through
 * the router instead of a full reload.
 */
export function useOnFollow(afterFollow?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    (event: CustomEvent<FollowDetail>) => {
      const { href, external } = event.detail;
      if (external || !href || !href.startsWith('/')) return;
      event.preventDefault();
      void navigate(href);
      afterFollow?.();
    },
    [navigate, afterFollow],
  );
}
