import { siteSettingsSchema } from '@casino/contract';
import { Alert, App, Button, Card, Col, Form, Popconfirm, Row, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryError';
import { RichTextEditor } from '../../components/RichTextEditor';
import { can, useMe } from '../../hooks/api/auth';
import { useHtmlPreview } from '../../hooks/api/content-activities';
import { useSaveSettings, useSettings } from '../../hooks/api/settings';
import { useDebounced } from '../../lib/use-debounced';
import { zodRule } from '../../lib/zod-rule';
import { MemberPreview } from './MemberPreview';
import { flagSwitch } from '../../components/ListAndEditor';

interface WelcomeForm {
  index_modal: 0 | 1;
  webcontent: string;
}


/**
 * 欢迎弹窗: the settings `index_modal` (the switch) and `webcontent` (its HTML, sanitized by the
 * server when saved), through /admin/api/settings/update like every setting; the phone preview
 * shows what the server would keep.
 */
export default function WelcomePage() {
  const me = useMe();
  const settings = useSettings();
  const save = useSaveSettings();
  const { message } = App.useApp();
  const [form] = Form.useForm<WelcomeForm>();
  const [error, setError] = useState<string | null>(null);
  const s = settings.data?.settings as Record<string, unknown> | undefined;
  const editable = can(me.data, 'settings.update');
  // the live preview asks the content allowlist (content.manage); without it, the saved version shows
  const livePreview = can(me.data, 'content.manage');

  useEffect(() => {
    if (s) form.setFieldsValue({ index_modal: Number(s.index_modal) === 1 ? 1 : 0, webcontent: String(s.webcontent ?? '') });
  }, [s, form]);

  const html = Form.useWatch('webcontent', form) ?? '';
  const on = Form.useWatch('index_modal', form);
  const debounced = useDebounced(html);
  const preview = useHtmlPreview(debounced, livePreview && !!s);

  const submit = async () => {
    let v: WelcomeForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    try {
      const env = await save.mutateAsync({ index_modal: v.index_modal, webcontent: v.webcontent });
      const saved = env.data.settings as Record<string, unknown>;
      form.setFieldsValue({ webcontent: String(saved.webcontent ?? '') });
      message.success(env.data.changed.length === 0 ? '没有需要保存的修改' : env.message);
    } catch (err) {
      setError(errorText(err));
    }
  };

  const shown = livePreview ? preview.data?.html : String(s?.webcontent ?? '');
  return (
    <>
      <PageTitle title="欢迎弹窗" />
      {settings.isError ? <QueryError error={settings.error} retry={settings.refetch} /> : null}
      <Row gutter={24} wrap={false}>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card size="small">
            {!s ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : (
              <Form form={form} layout="vertical" disabled={!editable}>
                {!editable ? <Alert type="info" showIcon title="您的角色只能查看，修改需要“修改站点设置”权限。" style={{ marginBottom: 16 }} /> : null}
                {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="welcome-error" /> : null}
                <Form.Item name="index_modal" label="会员打开首页时显示欢迎弹窗" {...flagSwitch} extra="每位会员每次打开网站显示一次；内容为空时不显示。">
                  <Switch checkedChildren="显示" unCheckedChildren="关闭" />
                </Form.Item>
                <Form.Item name="webcontent" label="弹窗内容" rules={[zodRule(siteSettingsSchema, 'webcontent')]}>
                  <RichTextEditor placeholder="欢迎语、近期活动、注意事项…" minHeight={300} disabled={!editable} />
                </Form.Item>
                <Space>
                  <Popconfirm title="保存欢迎弹窗？" description="所有服务器将在 5 秒内生效。" okText="保存" cancelText="取消" onConfirm={submit} disabled={!editable}>
                    <Button type="primary" loading={save.isPending} disabled={!editable} data-testid="welcome-save">
                      保存
                    </Button>
                  </Popconfirm>
                  <Button onClick={() => s && form.setFieldsValue({ index_modal: Number(s.index_modal) === 1 ? 1 : 0, webcontent: String(s.webcontent ?? '') })}>还原为已保存</Button>
                </Space>
              </Form>
            )}
          </Card>
        </Col>
        <Col flex="415px">
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            手机预览（375 像素宽）{on === 0 ? ' · 弹窗已关闭，会员不会看到' : ''}
            {!livePreview ? ' · 显示已保存的内容' : ''}
          </Typography.Text>
          <MemberPreview kind="welcome" html={shown} loading={!s} error={preview.isError ? errorText(preview.error) : null} siteTitle={String(s?.title ?? '')} />
        </Col>
      </Row>
    </>
  );
}
