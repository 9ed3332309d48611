import { ComingSoon } from '../../components/ComingSoon';
import { IconRedPacket } from '../../components/icons';

/** 抢红包: placeholder until its feature is built (replace this file). */
export default function HongbaoPage() {
  return <ComingSoon title="抢红包" description="每日红包活动即将开启，敬请期待" icon={<IconRedPacket />} />;
}
