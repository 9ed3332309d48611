import type { Envelope } from '@casino/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { z } from 'zod';
import { errorText } from '../api/client';

export interface ActionModalProps<V extends object> {
  open: boolean;
  title: ReactNode;
  /** what will happen, in words, above the form */
  warning?: ReactNode;
  /** the form's fields (antd Form.Items) */
  children?: ReactNode;
  /** the contract schema of the call: the form refuses what the server would, with its message */
  schema?: z.ZodType;
  /** fixed fields the schema needs beside the form's (the member's username, the order number) */
  fixed?: object;
  initialValues?: Partial<V>;
  okText?: string;
  danger?: boolean;
  onClose: () => void;
  submit: (values: V) => Promise<Envelope<unknown>>;
  /** what to show after success when the reply carries something the operator must see (a new password) */
  result?: (data: unknown) => ReactNode;
}

/**
 * Every operator action goes through here: a confirmation dialog with its form (a reason at
 * least), checked with the call's own schema, sent once (the button waits), and its result shown:
 * the server's message, or its refusal inside the dialog so nothing is lost.
 */
export function ActionModal<V extends object>(props: ActionModalProps<V>) {
  const [form] = Form.useForm<V>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, modal } = App.useApp();

  const close = () => {
    setError(null);
    form.resetFields();
    props.onClose();
  };

  const ok = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (props.schema) {
      const parsed = props.schema.safeParse({ ...props.fixed, ...values });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? '参数格式错误');
        return;
      }
    }
    setBusy(true);
    setError(null);
    try {
      const env = await props.submit(values);
      message.success(env.message || '操作成功');
      const extra = props.result?.(env.data);
      close();
      if (extra) modal.success({ title: '操作结果', content: extra, okText: '我已记下' });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText ?? '确认'}
      cancelText="取消"
      okButtonProps={{ danger: props.danger, loading: busy }}
      onOk={ok}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
    >
      {props.warning ? <Alert type={props.danger ? 'warning' : 'info'} showIcon title={props.warning} style={{ marginBottom: 16 }} /> : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="action-error" /> : null}
      <Form form={form} name="action" layout="vertical" initialValues={props.initialValues} preserve={false}>
        {props.children}
      </Form>
    </Modal>
  );
}

/** The reason field every member and cashier action asks for (kept in the audit log). */
export function ReasonField({ label = '操作原因' }: { label?: string }) {
  return (
    <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: '请输入操作原因（1到200字）' }, { max: 200, message: '请输入操作原因（1到200字）' }]}>
      <TextAreaReason />
    </Form.Item>
  );
}

function TextAreaReason(props: object) {
  return <Input.TextArea {...props} rows={3} maxLength={200} showCount placeholder="将记录在审计日志中" />;
}
