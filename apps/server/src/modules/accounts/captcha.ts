import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Kysely } from 'kysely';
import { MSG, type CaptchaReply } from '@casino/contract';
import type { DB } from '../../db/index.ts';
import { refuse } from '../../http/envelope.ts';

const TTL_MS = 5 * 60 * 1000;
/** letters and digits that cannot be mistaken for one another */
const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/**
 * Captcha images drawn by svg-captcha; the answer stays in the database (so any
 * server process can check it), is single use and compared ignoring case.
 */
export function createCaptcha(db: Kysely<DB>, enabled: boolean, look: { contrast?: boolean } = {}) {
  let issued = 0;
  return {
    enabled,
    async issue(now = Date.now()): Promise<CaptchaReply> {
      const image = look.contrast ? contrastImage() : svgCaptcha.create({
        size: 4,
        charPreset: CHARS,
        noise: 2,
        color: true,
        width: 120,
        height: 44,
        fontSize: 46,
        background: '#f6f1e4',
      });
      const key = randomBytes(16).toString('base64url');
      await db
        .insertInto('captchas')
        .values({ key, answer: image.text.toLowerCase(), expires_at: now + TTL_MS })
        .execute();
      // sweep expired answers now and then instead of on every request
      if (++issued % 200 === 0) await db.deleteFrom('captchas').where('expires_at', '<', now).execute();
      return { key, img: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}` };
    },
    /** Refuses with the spec's messages; consumes the image whether or not the answer is right. */
    async verify(key: string | undefined, code: string | undefined, now = Date.now()): Promise<void> {
      if (!enabled) return;
      if (!code) refuse(MSG.captchaEmpty);
      if (!key) refuse(MSG.captchaWrong);
      const row = await db
        .deleteFrom('captchas')
        .where('key', '=', key)
        .returning(['answer', 'expires_at'])
        .executeTakeFirst();
      if (!row || row.expires_at < now || row.answer !== code.toLowerCase()) refuse(MSG.captchaWrong);
    },
  };
}
export type Captcha = ReturnType<typeof createCaptcha>;

/** issue 25: glyph colours of the high-contrast image: dark and saturated, each at least 7:1 on GROUND */
const INKS = ['#1d2b64', '#7a1020', '#0b5138', '#4a1f6b', '#202124', '#8a3b00'];
const GROUND = '#ffffff';

/**
 * issue 25: the back-office's captcha. svg-captcha with a background picks glyph colours only a
 * little darker than it (pale yellow on cream was hard to read), so the image is drawn in grey
 * and each glyph is given one of INKS on a white ground; two thin light noise lines stay.
 */
function contrastImage(): { text: string; data: string } {
  const image = svgCaptcha.create({ size: 4, charPreset: CHARS, noise: 2, color: false, width: 120, height: 44, fontSize: 46 });
  let glyph = 0;
  const data = image.data
    // glyphs are filled paths; noise lines are stroked ones
    .replace(/<path fill="#[0-9a-f]{3,6}"/gi, () => `<path fill="${INKS[(glyph++ + Math.floor(Math.random() * INKS.length)) % INKS.length]}"`)
    .replace(/stroke="#[0-9a-f]{3,6}"/gi, 'stroke="#b8bfd1" stroke-width="1"')
    .replace(/(<svg[^>]*>)/, `$1<rect width="100%" height="100%" fill="${GROUND}"/>`);
  return { text: image.text, data };
}
