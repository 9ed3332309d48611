import { ComingSoon } from '../../components/ComingSoon';
import { IconBell } from '../../components/icons';

/** 消息中心: placeholder until its feature is built (replace this file). */
export default function MessagePage() {
  return <ComingSoon title="消息中心" description="公告与站内信即将上线，敬请期待" icon={<IconBell />} />;
}
