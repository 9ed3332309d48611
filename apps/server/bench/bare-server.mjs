// The yardstick: a bare Node http server answering a fixed JSON envelope.
import http from 'node:http';

const body = JSON.stringify({ code: 200, message: '操作成功', data: { balance: 0 } });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
