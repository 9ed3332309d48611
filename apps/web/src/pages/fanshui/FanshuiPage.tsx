import { ComingSoon } from '../../components/ComingSoon';
import { IconCoins } from '../../components/icons';

/** 返水中心: placeholder until its feature is built (replace this file). */
export default function FanshuiPage() {
  return <ComingSoon title="返水中心" description="返水记录与领取即将开放" icon={<IconCoins />} />;
}
