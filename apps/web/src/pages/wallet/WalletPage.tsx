import { ComingSoon } from '../../components/ComingSoon';
import { IconWallet } from '../../components/icons';

/** 卡片管理: placeholder until its feature is built (replace this file). */
export default function WalletPage() {
  return <ComingSoon title="卡片管理" description="银行卡与 USDT 地址管理即将开放" icon={<IconWallet />} />;
}
