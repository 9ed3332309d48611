import { ComingSoon } from '../../components/ComingSoon';
import { IconGift } from '../../components/icons';

/** 活动详情: placeholder until its feature is built (replace this file). */
export default function ActivityInfoPage() {
  return <ComingSoon title="活动详情" description="活动详情即将上线，敬请期待" icon={<IconGift />} />;
}
