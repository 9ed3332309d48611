import { SendOutlined } from '@ant-design/icons';
import { adminInboxSendSchema, BROADCAST_STATES, type AdminBroadcastRow, type BroadcastState } from '@casino/contract';
import { Alert, App, Button, Card, Col, Form, Input, Popconfirm, Progress, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { TableCard } from '../../components/TableCard';
import { broadcastsKey, listBroadcasts, useSendInbox, type InboxSendForm } from '../../hooks/api/inbox';
import { useTable } from '../../hooks/use-table';
import { count } from '../../lib/format';
import { zodRule } from '../../lib/zod-rule';

// members start at VIP1 (issue 19): there is no VIP0 to send to
const VIP_OPTIONS = Array.from({ length: 10 }, (_, i) => ({ value: i + 1, label: `VIP${i + 1}` }));
const TARGET_TEXT: Record<InboxSendForm['target'], string> = { member: '这位会员', vip: '该等级的全部会员', all: '全部会员' };

/** 站内信: send to one member, a VIP level or everyone (delivered in batches), and the sends' progress. */
export default function InboxPage() {
  const [form] = Form.useForm<InboxSendForm>();
  const send = useSendInbox();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const [stateFilter, setStateFilter] = useState<BroadcastState | undefined>();
  const table = useTable<AdminBroadcastRow, { state?: BroadcastState }>(broadcastsKey, listBroadcasts, { refetchInterval: 3_000 });
  const target = Form.useWatch('target', form) ?? 'member';

  const submit = async () => {
    let v: InboxSendForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      const env = await send.mutateAsync({ ...v, username: v.target === 'member' ? v.username : undefined, vip: v.target === 'vip' ? v.vip : undefined });
      message.success(env.message);
      form.resetFields(['title', 'content', 'username']);
    } catch (err) {
      setError(errorText(err));
    }
  };

  const columns: ColumnsType<AdminBroadcastRow> = [
    { title: '编号', dataIndex: 'id', width: 72 },
    { title: '对象', dataIndex: 'target_label', width: 120, render: (v: string, r) => <Tag color={r.target === 'all' ? 'gold' : r.target === 'vip' ? 'purple' : 'blue'}>{v}</Tag> },
    {
      title: '消息',
      key: 'msg',
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: 300 }}>
          <b>{r.title}</b>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 300, fontSize: 12 }}>
            {r.content}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '进度',
      key: 'progress',
      width: 190,
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ width: 170 }}>
          <Progress percent={r.total > 0 ? Math.min(100, Math.floor((r.sent / r.total) * 100)) : 100} size="small" status={r.state === 'sending' ? 'active' : 'success'} />
          <span className="tabular" style={{ fontSize: 12 }}>
            <Tag color={r.state === 'done' ? 'green' : 'processing'} style={{ marginInlineEnd: 6 }}>
              {BROADCAST_STATES[r.state]}
            </Tag>
            {count(r.sent)} / {count(r.total)}
          </span>
        </Space>
      ),
    },
    {
      title: '发送',
      dataIndex: 'created_at',
      width: 170,
      render: (v: string, r) => (
        <Space orientation="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
          <span>{v}</span>
          <span style={{ fontSize: 12, color: '#9aa0b2' }}>{r.operator}{r.finished_at ? ` · 完成 ${r.finished_at.slice(11)}` : ''}</span>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageTitle title="站内信" />
      <Row gutter={16} wrap={false}>
        <Col flex="380px">
          <Card size="small" title="发送站内信">
            {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="inbox-error" /> : null}
            <Form form={form} layout="vertical" initialValues={{ target: 'member', vip: 1 }}>
              <Form.Item name="target" label="发送对象">
                <Radio.Group optionType="button" buttonStyle="solid" options={[{ value: 'member', label: '指定会员' }, { value: 'vip', label: 'VIP 等级' }, { value: 'all', label: '全部会员' }]} />
              </Form.Item>
              {target === 'member' ? (
                <Form.Item name="username" label="会员账号" rules={[zodRule(adminInboxSendSchema, 'username')]}>
                  <Input maxLength={32} placeholder="会员的登录账号" />
                </Form.Item>
              ) : null}
              {target === 'vip' ? (
                <Form.Item name="vip" label="VIP 等级" rules={[zodRule(adminInboxSendSchema, 'vip')]}>
                  <Select options={VIP_OPTIONS} />
                </Form.Item>
              ) : null}
              <Form.Item name="title" label="标题" rules={[zodRule(adminInboxSendSchema, 'title')]}>
                <Input maxLength={100} showCount />
              </Form.Item>
              <Form.Item name="content" label="内容（纯文本，可换行）" rules={[zodRule(adminInboxSendSchema, 'content')]}>
                <Input.TextArea rows={6} maxLength={5000} showCount />
              </Form.Item>
              <Popconfirm
                title={`发送给${TARGET_TEXT[target as InboxSendForm['target']]}？`}
                description={target === 'member' ? '消息将立即出现在会员的站内信中。' : '消息将分批发送，每位会员只会收到一次，发出后不能撤回。'}
                okText="发送"
                cancelText="取消"
                onConfirm={submit}
              >
                <Button type="primary" icon={<SendOutlined />} loading={send.isPending} block data-testid="inbox-send">
                  发送
                </Button>
              </Popconfirm>
            </Form>
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card size="small" className="filters">
            <Space>
              <span>状态</span>
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 120 }}
                value={stateFilter}
                options={Object.entries(BROADCAST_STATES).map(([value, label]) => ({ value, label }))}
                onChange={(v?: BroadcastState) => {
                  setStateFilter(v);
                  table.search({ state: v });
                }}
              />
            </Space>
          </Card>
          <TableCard<AdminBroadcastRow> table={table} rowKey="id" columns={columns} locale={{ emptyText: '还没有发送过站内信' }} />
        </Col>
      </Row>
    </>
  );
}
