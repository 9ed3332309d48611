import { useState } from 'react';
import { beijingToday, RECORDS_EXPORT_MAX_DAYS, RECORDS_EXPORT_NAMES, recordsExportSchema, TIMERS, type RecordsExportKind } from '@casino/contract';
import { Sheet } from '../components/Sheet';
import { local, STORAGE_KEYS } from '../lib/storage';
import { toast } from '../ui/feedback';
import './ExportCsv.css';

/** a Beijing day `back` days before today, YYYY-MM-DD */
const beijingDay = (back = 0) => beijingToday(Date.now() - back * 86_400_000);

/**
 * 下载CSV (issue 22): the member picks a range of days (at most RECORDS_EXPORT_MAX_DAYS) and the
 * file of POST /api/records/export is saved. A link could not carry the bearer token, so the reply
 * is fetched and saved as a blob; a refused call answers JSON, whose message is toasted.
 */
export function ExportCsv({ kind }: { kind: RecordsExportKind }) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(() => beijingDay(29));
  const [to, setTo] = useState(() => beijingDay());
  const [busy, setBusy] = useState(false);

  async function download() {
    const checked = recordsExportSchema.safeParse({ kind, from, to });
    if (!checked.success) return toast(checked.error.issues[0]?.message ?? '请选择日期', 'fail');
    setBusy(true);
    const controller = new AbortController();
    const timer = window.setTimeout(() => controller.abort(), TIMERS.requestTimeoutMs);
    try {
      const token = local.get(STORAGE_KEYS.token);
      const res = await fetch('/api/records/export', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ kind, from, to }),
        signal: controller.signal,
      });
      if (!(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        return toast(body?.message || '下载失败，请稍后再试', 'fail');
      }
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${RECORDS_EXPORT_NAMES[kind]}-${from}_${to}.csv`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast('已开始下载', 'success');
      setOpen(false);
    } catch {
      toast('网络异常，请稍后再试', 'fail');
    } finally {
      window.clearTimeout(timer);
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="csv-open" onClick={() => setOpen(true)} data-testid={`csv-open-${kind}`}>
        下载CSV
      </button>
      <Sheet open={open} title={`下载${RECORDS_EXPORT_NAMES[kind]}`} onClose={() => setOpen(false)} testId="csv-sheet">
        <div className="csv-body">
          <label className="csv-field">
            <span>开始日期</span>
            <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} data-testid="csv-from" />
          </label>
          <label className="csv-field">
            <span>结束日期</span>
            <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} data-testid="csv-to" />
          </label>
          <p className="csv-note">按北京时间计，含首尾两天，每次最多{RECORDS_EXPORT_MAX_DAYS}天。文件可用 Excel 或 WPS 打开。</p>
          <button type="button" className="btn-gold csv-go" disabled={busy} onClick={() => void download()} data-testid="csv-download">
            {busy ? '正在生成…' : '下载CSV'}
          </button>
        </div>
      </Sheet>
    </>
  );
}
