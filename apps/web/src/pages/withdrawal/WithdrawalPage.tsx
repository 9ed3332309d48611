import { ComingSoon } from '../../components/ComingSoon';
import { IconWithdraw } from '../../components/icons';

/** 取款: placeholder until its feature is built (replace this file). */
export default function WithdrawalPage() {
  return <ComingSoon title="取款" description="在线取款即将开放，敬请期待" icon={<IconWithdraw />} />;
}
