import { Navigate, useSearchParams } from 'react-router';

/** /register has no content: with a pid it forwards to /login?pid={pid}, else to /login?type=1. */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const pid = params.get('pid')?.trim();
  return <Navigate to={pid ? `/login?pid=${encodeURIComponent(pid)}` : '/login?type=1'} replace />;
}
