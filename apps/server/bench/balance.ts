import { load, post, startBare, startServer, type LoadResult } from './lib.ts';

/**
 * POST /api/balance with 50 signed-in members polling, beside a bare Node http server
 * answering a fixed envelope, same load generator, same run.
 */
export async function benchBalance(seconds: number) {
  const members = 50;
  const server = await startServer(3901);
  const base = 'http://127.0.0.1:3901';
  let api: LoadResult;
  try {
    const tokens: string[] = [];
    for (let i = 0; i < members; i++) {
      const name = `bench${String(i).padStart(3, '0')}`;
      const reply = await post(base, '/api/register', { name, password: 'secret123', confirmPass: 'secret123', realname: '测试', paypassword: '654321' });
      if (reply.code !== 200) throw new Error(`register ${name}: ${reply.message}`);
      tokens.push(reply.data.api_token);
    }
    // every token must really be accepted, or the figures measure refusals
    for (const token of tokens) {
      const reply = await post(base, '/api/balance', {}, token);
      if (reply.code !== 200) throw new Error(`balance refused: ${reply.message}`);
    }
    await load(`${base}/api/balance`, { connections: members, seconds: 2, tokens }); // warm-up
    api = await load(`${base}/api/balance`, { connections: members, seconds, tokens });
  } finally {
    await server.stop();
  }

  const bare = await startBare(3902);
  let yard: LoadResult;
  try {
    await load('http://127.0.0.1:3902/', { connections: members, seconds: 2 });
    yard = await load('http://127.0.0.1:3902/', { connections: members, seconds });
  } finally {
    await bare.stop();
  }

  const ratio = api.rps / yard.rps;
  console.log(`\nPOST /api/balance, ${members} members polling, ${seconds} s each (SQLite, one server process)`);
  console.log(`  server : ${api.rps} req/s, p50 ${api.p50} ms, p99 ${api.p99} ms, ${api.total} requests, non-2xx ${api.non2xx}, errors ${api.errors}`);
  console.log(`  bare   : ${yard.rps} req/s, p50 ${yard.p50} ms, p99 ${yard.p99} ms, ${yard.total} requests`);
  console.log(`  ratio  : ${(ratio * 100).toFixed(1)}% of the bare server's rate (aim: at least 50%)`);
  return { api, bare: yard, ratio };
}
