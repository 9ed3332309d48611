import { ComingSoon } from '../../components/ComingSoon';
import { IconWallet } from '../../components/icons';

/** 我的钱包: placeholder until its feature is built (replace this file). */
export default function MoneyPage() {
  return <ComingSoon title="我的钱包" description="钱包与场馆余额管理即将开放" icon={<IconWallet />} />;
}
