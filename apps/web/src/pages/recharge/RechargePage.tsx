import { ComingSoon } from '../../components/ComingSoon';
import { IconDeposit } from '../../components/icons';

/** 存款: placeholder until its feature is built (replace this file). */
export default function RechargePage() {
  return <ComingSoon title="存款" description="在线存款即将开放，敬请期待" icon={<IconDeposit />} />;
}
