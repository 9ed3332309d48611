import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { CHAT_MSG, CODE } from '@casino/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../test/harness.ts';
import { PICTURES } from '../../../test/fuzz/upload-mutants.ts';

/**
 * The chat's picture messages under attack (issue 35 point 2), beyond the bytes (http/upload-fuzz
 * covers those): whose conversation a picture lands in, who may send one, and what may stand in
 * for a picture. A picture lands only in the sender's own conversation (a member's) or one the
 * operator holds; a refused one is answered in Chinese and stores no file; a URL or data: URL is
 * never a picture. FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 40);
const SEED = Number(process.env.FUZZ_SEED || 20261205);
const chinese = /[\u4e00-\u9fff]/;
const OUR_PICTURE = /^\/uploads\/chat\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

/** a form with the fields, then the file (or the file first) */
function form(fields: [string, string][], file: Buffer | null, fileFirst = false) {
  const b = 'chatfuzz0b0undary';
  const parts = fields.map(([k, v]) => Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const filePart = file ? [Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from('\r\n')] : [];
  return { payload: Buffer.concat([...(fileFirst ? [...filePart, ...parts] : [...parts, ...filePart]), Buffer.from(`--${b}--\r\n`)]), contentType: `multipart/form-data; boundary=${b}` };
}

describe('chat picture fuzz: a picture lands only where its sender may write, and only our own pictures are pictures', () => {
  let t: TestApp;
  let owner = '';
  let cs1 = '';
  let cs2 = '';
  let finance = '';
  let alice = '';
  let bob = '';
  let aliceConv = 0;
  let bobConv = 0;
  const chatFiles = () => {
    const d = path.join(t.ctx.config.dataDir, 'uploads', 'chat');
    return fs.existsSync(d) ? fs.readdirSync(d).sort() : [];
  };
  const messagesOf = async (conversationId: number) => t.ctx.db.selectFrom('chat_messages').select(['id', 'picture', 'sender']).where('conversation_id', '=', conversationId).orderBy('id').execute();
  const post = (url: string, token: string, f: { payload: Buffer; contentType: string }) =>
    t.http.inject({ method: 'POST', url, payload: f.payload, headers: { 'content-type': f.contentType, authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await startApp();
    owner = (await t.post('/admin/api/login', { username: 'admin', password: 'admin-test-password' })).data.token;
    for (const [username, role] of [['cs_one', 'support'], ['cs_two', 'support'], ['fin_one', 'finance']]) {
      expect((await t.post('/admin/api/operators/create', { username, password: 'support123', role }, { token: owner })).code).toBe(200);
    }
    cs1 = (await t.post('/admin/api/login', { username: 'cs_one', password: 'support123' })).data.token;
    cs2 = (await t.post('/admin/api/login', { username: 'cs_two', password: 'support123' })).data.token;
    finance = (await t.post('/admin/api/login', { username: 'fin_one', password: 'support123' })).data.token;
    alice = await t.register('alice001');
    bob = await t.register('bob00001');
    aliceConv = (await t.post('/api/chat/send', { text: '你好' }, { token: alice })).data.conversation_id;
    bobConv = (await t.post('/api/chat/send', { text: '我是bob' }, { token: bob })).data.conversation_id;
    // cs_one holds alice's conversation, cs_two bob's
    expect((await t.post('/admin/api/chat/take', { conversation_id: aliceConv }, { token: cs1 })).code).toBe(200);
    expect((await t.post('/admin/api/chat/take', { conversation_id: bobConv }, { token: cs2 })).code).toBe(200);
  });
  afterAll(() => t.stop());

  it('an operator\'s conversation_id, mutated: the picture lands in a conversation the operator holds or nowhere', async () => {
    const id = () => fc.constantFrom(String(aliceConv), String(bobConv), '', ' 1', `${aliceConv}.0`, `0x${aliceConv.toString(16)}`, `${aliceConv}`.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))), '-1', '0', '99999999999999999999', `${bobConv},${aliceConv}`, `[${aliceConv}]`, 'null');
    const fieldsArb = fc.oneof(
      id().map((v) => [['conversation_id', v]] as [string, string][]),
      // the same field twice, either order
      fc.tuple(id(), id()).map(([a, b]) => [['conversation_id', a], ['conversation_id', b]] as [string, string][]),
      // other names a reader might merge in
      id().map((v) => [['conversation_id', String(aliceConv)], ['conversationId', v], ['member_id', v]] as [string, string][]),
    );
    let landed = 0;
    await fc.assert(
      fc.asyncProperty(fieldsArb, fc.constantFrom(cs1, cs2, finance), fc.boolean(), async (fields, token, after) => {
        const who = token === cs1 ? 'cs_one' : token === cs2 ? 'cs_two' : 'fin_one';
        const before = { files: chatFiles(), alice: await messagesOf(aliceConv), bob: await messagesOf(bobConv) };
        // the fields come before or after the file
        const res = await post('/admin/api/chat/picture', token, form(fields, PICTURES.png, after));
        const report = { who, fields, after, status: res.statusCode };
        expect(res.statusCode, JSON.stringify(report)).toBeLessThan(500);
        const body = res.json() as { code: number; message: string; data: any };
        const now = { files: chatFiles(), alice: await messagesOf(aliceConv), bob: await messagesOf(bobConv) };
        if (body.code !== 200) {
          expect({ ...report, chinese: chinese.test(body.message) }).toEqual({ ...report, chinese: true });
          expect({ ...report, now }).toEqual({ ...report, now: before });
          return;
        }
        landed++;
        // only into the conversation this operator holds, by a finance operator never
        const held = who === 'cs_one' ? 'alice' : who === 'cs_two' ? 'bob' : 'none';
        const grew = now.alice.length > before.alice.length ? 'alice' : now.bob.length > before.bob.length ? 'bob' : 'none';
        expect({ ...report, grew }).toEqual({ ...report, grew: held });
        expect(now.files.length).toBe(before.files.length + 1);
        expect(body.data.picture).toMatch(OUR_PICTURE);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(landed).toBeGreaterThan(0);
  });

  it('a member naming another member\'s conversation, or an operator without the permission, puts nothing there', async () => {
    const bobBefore = await messagesOf(bobConv);
    const filesBefore = chatFiles();
    const res = await post('/api/chat/picture', alice, form([['conversation_id', String(bobConv)], ['member_id', '2']], PICTURES.png));
    const body = res.json();
    expect(body.code, body.message).toBe(200);
    expect(body.data.conversation_id).toBe(aliceConv);
    expect(await messagesOf(bobConv)).toEqual(bobBefore);
    expect(chatFiles().length).toBe(filesBefore.length + 1);

    const denied = (await post('/admin/api/chat/picture', finance, form([['conversation_id', String(aliceConv)]], PICTURES.png))).json();
    expect([denied.code, chinese.test(denied.message)]).toEqual([CODE.forbidden, true]);
    const notYours = (await post('/admin/api/chat/picture', cs2, form([['conversation_id', String(aliceConv)]], PICTURES.png))).json();
    expect([notYours.code, notYours.message]).toEqual([CODE.forbidden, CHAT_MSG.notYours]);
    expect(chatFiles().length).toBe(filesBefore.length + 1);
  });

  it('a URL or data: URL in place of a picture is refused or kept as text, never shown as a picture', async () => {
    const filesBefore = chatFiles();
    const urls = ['https://evil.example/x.png', 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', 'javascript:alert(1)', '/uploads/chat/../../casino.sqlite', '/uploads/avatars/00000000000000000000000000000000.png'];
    for (const u of urls) {
      // as JSON
      const json = await t.post('/api/chat/picture', { file: u, picture: u }, { token: alice });
      expect([json.code === 200, chinese.test(json.message)], u).toEqual([false, true]);
      // as the form's file field without a file name (a plain field), and as a picture field beside no file
      for (const name of ['file', 'picture']) {
        const r = (await post('/api/chat/picture', alice, form([[name, u]], null))).json();
        expect([r.code === 200, r.message], u).toEqual([false, CHAT_MSG.pictureMissing]);
        const o = (await post('/admin/api/chat/picture', cs1, form([['conversation_id', String(aliceConv)], [name, u]], null))).json();
        expect([o.code === 200, o.message], u).toEqual([false, CHAT_MSG.pictureMissing]);
      }
      // as text it stays text
      const sent = await t.post('/api/chat/send', { text: u, picture: u }, { token: alice });
      expect(sent.code, sent.message).toBe(200);
      expect(sent.data.picture).toBeNull();
    }
    expect(chatFiles()).toEqual(filesBefore);
    // whatever was sent, every picture either side reads is one of ours
    const history = await t.post('/api/chat/history', { limit: 100 }, { token: alice });
    const pictures = history.data.messages.map((m: { picture: string | null }) => m.picture).filter(Boolean);
    expect(pictures.length).toBeGreaterThan(0);
    for (const p of pictures) expect(p).toMatch(OUR_PICTURE);
  });
});
