import { ComingSoon } from '../../components/ComingSoon';
import { IconBolt } from '../../components/icons';

/** 电子游戏: placeholder until its feature is built (replace this file). */
export default function ConcisePage() {
  return <ComingSoon title="电子游戏" description="电子游戏大厅即将开放，敬请期待" icon={<IconBolt />} />;
}
