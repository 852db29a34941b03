// The bench's stand-in for the scaled setup's proxy (compose.scale.yml's Traefik, issue 40): a TCP
// round robin over the backends, a refused connection tried on the next one (a process that died),
// bytes passed through as they come (no buffering: the event stream reaches the client at each
// write). Its own connections to the backends leave from 127.0.1.x so that 40 000 of them do not run
// out of ephemeral ports. Two sockets per stream, and a process may open 20 000 files here (the
// hard limit; raising it is refused in this container): the proxy is a `node:cluster` of `workers`
// processes (the primary accepts and hands each connection to a worker in turn), each under 9 000
// streams.
//
//   node bench/live-proxy.mjs <listen port> <backend port>,<backend port>,... <workers>
import cluster from 'node:cluster';
import net from 'node:net';

const [listenPort, backendList, workerCount] = process.argv.slice(2);
if (cluster.isPrimary) {
  // Round robin in the primary (the default outside Windows): connections spread evenly over workers.
  cluster.schedulingPolicy = cluster.SCHED_RR;
  for (let i = 0; i < Number(workerCount ?? 1); i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers)) w.process.kill('SIGKILL');
    // The workers are gone; the primary's listening handle would keep it alive, so it ends here.
    process.exit(0);
  });
} else {
  // The primary gone (killed by the bench): so are the workers (their held sockets would keep them up).
  process.on('disconnect', () => process.exit(0));
}
const backends = backendList.split(',').map(Number);
const SOURCES = Array.from({ length: 8 }, (_, i) => `127.0.1.${i + 1}`);
let next = 0;
let source = 0;
const counters = { accepted: 0, open: 0, refusedTried: 0, failed: 0, perBackend: Object.fromEntries(backends.map((p) => [p, 0])) };

function connect(client, attempt) {
  const port = backends[next++ % backends.length];
  const upstream = net.connect({ port, host: '127.0.0.1', localAddress: SOURCES[source++ % SOURCES.length] });
  let connected = false;
  upstream.setNoDelay(true);
  upstream.once('connect', () => {
    connected = true;
    counters.perBackend[port]++;
    client.pipe(upstream);
    upstream.pipe(client);
  });
  upstream.on('error', () => {
    if (!connected && attempt + 1 < backends.length * 2 && !client.destroyed) {
      counters.refusedTried++;
      connect(client, attempt + 1);
      return;
    }
    if (!connected) counters.failed++;
    client.destroy();
  });
  upstream.on('close', () => {
    if (connected) client.destroy();
  });
  client.on('close', () => upstream.destroy());
}

const server = cluster.isPrimary ? null : net.createServer({ noDelay: true }, (client) => {
  counters.accepted++;
  counters.open++;
  client.on('error', () => undefined);
  client.on('close', () => counters.open--);
  connect(client, 0);
});
// The accept queue (the primary's socket): as deep as the kernel allows (net.core.somaxconn caps it).
server?.listen({ port: Number(listenPort), host: '127.0.0.1', backlog: 65535 });
process.on('SIGUSR2', () => console.log(JSON.stringify(counters)));
