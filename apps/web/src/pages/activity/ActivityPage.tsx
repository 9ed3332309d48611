import { ComingSoon } from '../../components/ComingSoon';
import { IconGift } from '../../components/icons';

/** 优惠活动: placeholder until its feature is built (replace this file). */
export default function ActivityPage() {
  return <ComingSoon title="优惠活动" description="精彩优惠活动即将上线，敬请期待" icon={<IconGift />} />;
}
