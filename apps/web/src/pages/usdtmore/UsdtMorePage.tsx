import { ComingSoon } from '../../components/ComingSoon';
import { IconCoins } from '../../components/icons';

/** USDT说明: placeholder until its feature is built (replace this file). */
export default function UsdtMorePage() {
  return <ComingSoon title="USDT说明" description="USDT 协议说明即将上线" icon={<IconCoins />} />;
}
