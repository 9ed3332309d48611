import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { errorText } from '../../api/client';
import { uploadPicture } from '../../hooks/api/content';

/**
 * A picture on our own server as a form field: the current picture (preview), and an upload
 * that sends the file to /admin/api/banners/upload (the server judges it by its bytes) and sets
 * the field to the URL it answers. `value` / `onChange` come from the antd Form.Item.
 */
export function PictureField({ value, onChange, width = 300, height = 120, testId }: { value?: string; onChange?: (url: string) => void; width?: number; height?: number; testId?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value ? (
        <div data-testid={testId ? `${testId}-preview` : undefined}>
          <Image src={value} width={width} height={height} style={{ objectFit: 'cover', borderRadius: 8, background: '#f2f3f7' }} alt="预览" />
        </div>
      ) : (
        <div style={{ width, height, borderRadius: 8, background: '#f2f3f7', display: 'grid', placeItems: 'center', color: '#9aa0b2' }}>尚未上传图片</div>
      )}
      <Upload
        accept="image/png,image/jpeg,image/webp"
        showUploadList={false}
        maxCount={1}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          setError(null);
          setNote(null);
          try {
            const env = await uploadPicture(file as File);
            onChange?.(env.data.url);
            setNote(`${env.message}（${env.data.width}×${env.data.height}，${Math.ceil(env.data.bytes / 1024)} KB）`);
            onSuccess?.(env.data);
          } catch (err) {
            setError(errorText(err));
            onError?.(err as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid={testId ? `${testId}-upload` : undefined}>
          {value ? '更换图片' : '上传图片'}
        </Button>
      </Upload>
      <span style={{ color: '#9aa0b2', fontSize: 12 }}>PNG、JPEG 或 WebP，不超过 2MB；服务器按文件内容识别格式，SVG 不被接受。</span>
      {note ? <Alert type="success" showIcon title={note} /> : null}
      {error ? <Alert type="error" showIcon title={error} data-testid={testId ? `${testId}-error` : undefined} /> : null}
    </Space>
  );
}
