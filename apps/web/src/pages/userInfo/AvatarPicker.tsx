import { useRef, useState, type ChangeEvent } from 'react';
import { PROFILE_LIMITS, PROFILE_MSG } from '@casino/contract';
import { apiUpload, failureText } from '../../api/client';
import { loadUser } from '../../session/actions';
import { useSession } from '../../session/store';
import { toast } from '../../ui/feedback';
import { Avatar } from '../../components/Avatar';
import './AvatarPicker.css';

/** PNG or GIF by the first bytes, as the server judges (it has the last word). */
async function looksLikeAvatar(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b);
  const gif = String.fromCharCode(...head.slice(0, 6)) === 'GIF89a' || String.fromCharCode(...head.slice(0, 6)) === 'GIF87a';
  return png || gif;
}

/**
 * The member's avatar as an upload button (spec sections 2 and 7): POST /api/uploadimg with
 * the multipart field `file`, then POST /api/user refreshes userInfo (store and local storage).
 */
export function AvatarPicker({ size = 64, testId }: { size?: number; testId: string }) {
  const avatar = useSession((s) => s.user?.avatar);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be picked again
    if (!file || busy) return;
    if (file.size > PROFILE_LIMITS.avatarMaxBytes) return toast(PROFILE_MSG.avatarTooLarge, 'fail');
    if (!(await looksLikeAvatar(file))) return toast(PROFILE_MSG.avatarType, 'fail');
    setBusy(true);
    const form = new FormData();
    form.append('file', file, file.name);
    const res = await apiUpload<{ avatar: string }>('/api/uploadimg', form);
    if (res.code === 200) {
      await loadUser();
      toast(PROFILE_MSG.avatarOk, 'success');
    } else {
      const fail = failureText(res);
      if (fail) toast(fail, 'fail');
    }
    setBusy(false);
  };

  return (
    <span className="avatar-picker-wrap">
      <button
        type="button"
        className="avatar-picker"
        style={{ width: size, height: size }}
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-label="更换头像"
        data-testid={testId}
      >
        <Avatar src={avatar} size={size} />
        <span className="avatar-picker-cam" aria-hidden="true">
          <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M4 8.5A2.5 2.5 0 0 1 6.5 6h1.7l1.3-2h5l1.3 2h1.7A2.5 2.5 0 0 1 20 8.5v8a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 16.5z" />
            <circle cx="12" cy="12.5" r="3.2" />
          </svg>
        </span>
        {busy ? (
          <span className="avatar-picker-busy" aria-label="上传中">
            <i />
          </span>
        ) : null}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/gif"
        hidden
        onChange={(e) => void pick(e)}
        data-testid={`${testId}-input`}
      />
    </span>
  );
}
