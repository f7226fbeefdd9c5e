// The baseline of the API benchmarks: a bare `node:http` server that answers
// every request with one fixed response held in memory. Started by a bench
// with fork(); argv: <body file> <content-type>. Listens on 127.0.0.1 on a
// free port and reports that port to the parent over IPC.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, contentType] = process.argv.slice(2);
if (!bodyFile || !contentType || !process.send) {
  console.error('usage: fork("bench/in-memory-server.mjs", [bodyFile, contentType])');
  process.exit(2);
}

const body = readFileSync(bodyFile);
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});

server.listen({ host: '127.0.0.1', port: 0 }, () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});

// The parent going away (or asking) ends this process.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
