// The bare broker: aedes over WebSocket with no authentication, no rules, no persistence beyond
// memory — the ceiling an MQTT round trip can reach on this machine, measured beside the chat.
import http from 'node:http';
import { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';

const aedes = await Aedes.createBroker();
const server = http.createServer();
const wss = new WebSocketServer({ server, path: '/mqtt' });
wss.on('connection', (ws, request) => aedes.handle(createWebSocketStream(ws), request));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`bare broker at ws://127.0.0.1:${server.address().port}/mqtt`);
});
process.on('SIGTERM', () => process.exit(0));
