import { ComingSoon } from '../../components/ComingSoon';
import { IconCrown } from '../../components/icons';

/** 赞助详情: placeholder until its feature is built (replace this file). */
export default function ZhanzhuyePage() {
  return <ComingSoon title="赞助详情" description="赞助详情即将上线，敬请期待" icon={<IconCrown />} />;
}
