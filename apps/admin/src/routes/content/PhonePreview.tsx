import { Modal } from 'antd';

const CSS = `body{margin:0;padding:14px;font:14px/1.7 -apple-system,BlinkMacSystemFont,'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;color:#1b2133;background:#fff}
h2,h3,h4{margin:14px 0 8px;color:#101a36}h2{font-size:18px}h3{font-size:16px}h4{font-size:15px}p{margin:6px 0;color:#5b6276}
img{max-width:100%;height:auto;border-radius:8px}table{width:100%;border-collapse:collapse;font-size:13px}th,td{border:1px solid #eceef3;padding:6px;text-align:center}
th{background:#f7f1e3;color:#7a5a22}blockquote{margin:8px 0;padding:6px 12px;border-left:3px solid #e6c074;background:#faf6ec}a{color:#b8893d}ul,ol{padding-left:20px}`;

/**
 * The HTML as a member's phone shows it (375 px wide), in a sandboxed frame: nothing in it can
 * run or reach the back-office, whatever the HTML holds.
 */
export function PhonePreview({ open, title, html, onClose }: { open: boolean; title: string; html: string; onClose: () => void }) {
  const doc = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><style>${CSS}</style></head><body><h3>${escape(title)}</h3>${html}</body></html>`;
  return (
    <Modal open={open} title="手机预览（375 像素宽）" footer={null} onCancel={onClose} width={470} destroyOnHidden>
      <div style={{ margin: '0 auto', width: 395, border: '10px solid #101a36', borderRadius: 28, overflow: 'hidden', background: '#fff' }}>
        <iframe title="手机预览" sandbox="" srcDoc={doc} style={{ width: 375, height: 640, border: 0, display: 'block' }} data-testid="phone-preview" />
      </div>
    </Modal>
  );
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
