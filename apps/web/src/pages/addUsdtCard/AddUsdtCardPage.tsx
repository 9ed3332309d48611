import { ComingSoon } from '../../components/ComingSoon';
import { IconCoins } from '../../components/icons';

/** 添加USDT地址: placeholder until its feature is built (replace this file). */
export default function AddUsdtCardPage() {
  return <ComingSoon title="添加USDT地址" description="USDT 地址绑定即将开放，敬请期待" icon={<IconCoins />} />;
}
