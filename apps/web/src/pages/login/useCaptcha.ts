import { useCallback, useEffect, useRef, useState } from 'react';
import type { CaptchaReply } from '@casino/contract';
import { apiGet } from '../../api/client';

export type CaptchaStatus = 'loading' | 'ready' | 'error' | 'off';

/**
 * GET /api/captcha: { key, img } with img a data: URL. A reply without an image means
 * the server does not ask for a captcha (the field is hidden then).
 */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaReply | null>(null);
  const [status, setStatus] = useState<CaptchaStatus>('loading');
  const seq = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    setStatus('loading');
    const res = await apiGet<CaptchaReply | null>('/api/captcha');
    if (mine !== seq.current) return; // a newer image was asked for meanwhile
    if (res.code === 200 && res.data?.img && res.data.key) {
      setCaptcha(res.data);
      setStatus('ready');
    } else if (res.code === 200) {
      setCaptcha(null);
      setStatus('off');
    } else {
      setCaptcha(null);
      setStatus('error');
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { captcha, status, refresh };
}
