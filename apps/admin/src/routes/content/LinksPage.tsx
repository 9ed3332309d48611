import { siteSettingsSchema } from '@casino/contract';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { can, useMe } from '../../hooks/api/auth';
import { useContentAction } from '../../hooks/api/content';
import { useSettings } from '../../hooks/api/settings';
import { zodRule } from '../../lib/zod-rule';

/** the link settings this screen edits (the rest of the site settings have their own screens) */
const linksSchema = siteSettingsSchema.pick({ service_url: true, agent_login_url: true, h5_url: true });
type Links = { service_url: string; agent_login_url: string; h5_url: string };
const KEYS = ['service_url', 'agent_login_url', 'h5_url'] as const;

/** 客服与代理链接: what /api/getservicerurl, /api/getAgentLoginUrl and /api/getVisitUrl answer. */
export default function LinksPage() {
  const settings = useSettings();
  const me = useMe();
  const action = useContentAction();
  const { message } = App.useApp();
  const [form] = Form.useForm<Links>();
  const [error, setError] = useState<string | null>(null);
  const editable = can(me.data, 'settings.update');
  const current = settings.data?.settings as Partial<Links> | undefined;

  useEffect(() => {
    if (current) form.setFieldsValue({ service_url: current.service_url ?? '', agent_login_url: current.agent_login_url ?? '', h5_url: current.h5_url ?? '' });
  }, [current, form]);

  if (settings.isPending) return <Skeleton active />;
  if (settings.isError) return <QueryError error={settings.error} retry={settings.refetch} />;

  const save = async () => {
    let values: Links;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const changed = Object.fromEntries(KEYS.filter((k) => (values[k] ?? '').trim() !== (current?.[k] ?? '')).map((k) => [k, (values[k] ?? '').trim()]));
    if (Object.keys(changed).length === 0) {
      message.info('没有需要保存的修改');
      return;
    }
    setError(null);
    try {
      const env = await action.mutateAsync({ action: 'settings/update', body: changed });
      message.success(env.message);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <>
      <PageTitle title="客服与代理链接" />
      <Card size="small" style={{ maxWidth: 760 }}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="留空时使用本站自带页面：在线客服为 /support/（留言表单），代理加盟为 /support/agent。修改后所有服务器在 5 秒内生效。"
        />
        {!editable ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="您的角色没有“修改站点设置”权限，只能查看。" /> : null}
        {error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} /> : null}
        <Form form={form} layout="vertical" disabled={!editable}>
          <Form.Item name="service_url" label="在线客服链接（会员端“在线客服”）" rules={[zodRule(linksSchema, 'service_url')]}>
            <Input placeholder="留空使用 /support/" allowClear />
          </Form.Item>
          <Form.Item name="agent_login_url" label="代理登录链接" rules={[zodRule(linksSchema, 'agent_login_url')]}>
            <Input placeholder="留空使用 /support/agent" allowClear />
          </Form.Item>
          <Form.Item name="h5_url" label="手机站地址（分享与访问链接）" rules={[zodRule(linksSchema, 'h5_url')]}>
            <Input placeholder="https://..." />
          </Form.Item>
          <Popconfirm title="保存后会员端的链接随之改变，确定保存？" okText="保存" cancelText="取消" onConfirm={save} disabled={!editable}>
            <Button type="primary" loading={action.isPending}>
              保存
            </Button>
          </Popconfirm>
        </Form>
      </Card>
    </>
  );
}
