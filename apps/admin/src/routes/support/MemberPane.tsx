import { Card, Descriptions, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { useChatConversation } from '../../hooks/api/chat';
import { useMember } from '../../hooks/api/members';
import { yuan } from '../../lib/format';

/** The member's 360 view beside the chat (the members screen's read call). */
function MemberPane({ username }: { username: string }) {
  const me = useMe();
  const member = useMember(username);
  if (!can(me.data, 'members.view')) return <Card size="small" title="会员信息"><Typography.Text type="secondary">您没有查看会员的权限</Typography.Text></Card>;
  if (member.isError) return <QueryError error={member.error} retry={member.refetch} />;
  if (!member.data) return <Card size="small" title="会员信息"><Spin /></Card>;
  const { profile, balances, turnover_remaining, notes } = member.data;
  return (
    <Card size="small" title="会员信息" extra={<Link to={`/members/${encodeURIComponent(username)}`}>详情</Link>} data-testid="chat-member">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="账号">{profile.username}</Descriptions.Item>
        <Descriptions.Item label="姓名">{profile.realname || '-'}</Descriptions.Item>
        <Descriptions.Item label="状态">{profile.status === 1 ? <Tag color="green">正常</Tag> : <Tag color="red">冻结</Tag>}</Descriptions.Item>
        <Descriptions.Item label="VIP">VIP{profile.vip}</Descriptions.Item>
        <Descriptions.Item label="中心钱包">{yuan(balances.central)}</Descriptions.Item>
        <Descriptions.Item label="提现冻结">{yuan(balances.withdraw_hold)}</Descriptions.Item>
        <Descriptions.Item label="剩余打码">{yuan(turnover_remaining)}</Descriptions.Item>
        <Descriptions.Item label="累计存款">{yuan(profile.paysum)}</Descriptions.Item>
        <Descriptions.Item label="手机">{profile.mobile || '-'}</Descriptions.Item>
        <Descriptions.Item label="注册">{profile.created_at}</Descriptions.Item>
        <Descriptions.Item label="最近登录">{profile.last_login_at ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="推荐人">{profile.referrer ?? '-'}</Descriptions.Item>
      </Descriptions>
      {notes.length ? (
        <>
          <Typography.Text strong>备注</Typography.Text>
          {notes.slice(0, 3).map((n) => (
            <Typography.Paragraph key={n.id} type="secondary" style={{ margin: '4px 0', fontSize: 12 }}>
              {n.content}（{n.operator}）
            </Typography.Paragraph>
          ))}
        </>
      ) : null}
    </Card>
  );
}

/** The 360 view of the member of a conversation, once the conversation says who that is. */
export function MemberFor({ conversationId }: { conversationId: number }) {
  const conv = useChatConversation(conversationId);
  return conv.data ? <MemberPane username={conv.data.username} /> : <Card size="small" title="会员信息"><Spin /></Card>;
}
