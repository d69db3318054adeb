// The baseline for the API benchmark: a bare node:http server answering every request with the same bytes
// (body and headers) that the real server sent for GET /api/products. Usage: node bench/bare-server.mjs <capture.json>
// where the file holds { port, headers: {name: value}, bodyBase64 }.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const capture = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(capture.bodyBase64, 'base64');
const headers = { ...capture.headers, 'content-length': String(body.length) };
delete headers['transfer-encoding'];
delete headers.connection;
delete headers['keep-alive'];

createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(capture.port, '127.0.0.1', () => process.send?.('ready'));
