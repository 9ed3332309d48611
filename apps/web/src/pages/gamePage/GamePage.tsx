import { ComingSoon } from '../../components/ComingSoon';
import { IconBolt } from '../../components/icons';

/** 游戏: placeholder until its feature is built (replace this file). */
export default function GamePage() {
  return <ComingSoon title="游戏" description="游戏大厅即将开放，敬请期待" icon={<IconBolt />} />;
}
