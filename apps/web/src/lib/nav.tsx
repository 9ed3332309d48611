import { useCallback, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MSG } from '@casino/contract';
import { toast } from '../ui/feedback';

/**
 * The query's keys in code-unit order (any fixed order will do: both sides of a comparison are
 * sorted alike). Not localeCompare: its first call loads ICU's collation data, 90 to 140 ms at 4x
 * CPU slowdown, on the member's first tap (issue 37).
 */
const byKey = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

function canonical(to: string): string {
  const url = new URL(to, 'http://x');
  const params = [...url.searchParams.entries()].sort(byKey);
  return `${url.pathname}?${new URLSearchParams(params).toString()}`;
}

/** Whether `to` (path plus optional query) is the page currently shown. */
export function isSameLocation(to: string, here: { pathname: string; search: string }): boolean {
  return canonical(to) === canonical(here.pathname + here.search);
}

/**
 * Navigate within the site; going to the page already shown toasts 已在当前页面！
 * instead (spec section 2).
 */
export function useGo() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, opts?: { replace?: boolean }) => {
      if (isSameLocation(to, location)) {
        toast(MSG.samePage);
        return;
      }
      navigate(to, opts);
    },
    [navigate, location],
  );
}

/** Back, or home when this page was the first one opened. */
export function useBack() {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate]);
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/** A real link (#/path) that goes through useGo. */
export function AppLink({ to, children, onClick, ...rest }: AnchorProps & { to: string; children?: ReactNode }) {
  const go = useGo();
  return (
    <a
      href={`#${to}`}
      {...rest}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        go(to);
      }}
    >
      {children}
    </a>
  );
}
