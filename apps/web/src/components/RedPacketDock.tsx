import { useSession } from '../session/store';
import { AppLink } from '../lib/nav';

/** appInfo.redpacket_switch 1: the home page's red packet, a pill at the dock's right end, to /hongbao. */
export function RedPacketDock() {
  const on = useSession((s) => Number(s.appInfo?.redpacket_switch) === 1);
  if (!on) return null;
  return (
    <AppLink to="/hongbao" className="rp-dock" aria-label="抢红包" data-testid="home-hongbao">
      <svg width="13" height="15" viewBox="0 0 52 60" aria-hidden="true">
        <rect x="6" y="4" width="40" height="52" rx="7" fill="#b71c24" stroke="#ffe1a0" strokeWidth="3" />
        <path d="M6 17c6 5 13 7.5 20 7.5S40 22 46 17" fill="none" stroke="#ffe1a0" strokeWidth="3" />
        <circle cx="26" cy="24.5" r="8" fill="#ffd76a" />
      </svg>
      抢红包
    </AppLink>
  );
}
