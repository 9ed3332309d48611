import { ComingSoon } from '../../components/ComingSoon';
import { IconService } from '../../components/icons';

/** 在线客服: placeholder until its feature is built (replace this file). */
export default function KefuPage() {
  return <ComingSoon title="在线客服" description="在线客服通道即将开放，敬请期待" icon={<IconService />} />;
}
