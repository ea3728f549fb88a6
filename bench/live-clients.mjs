// A worker thread holding the live benchmark's client sockets, so their memory is not counted in the
// app server's heap (the server runs on the main thread). Plain JavaScript: workers start without tsx.
import { parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";

// `urls`: one per user; the sockets are spread over them in turn.
const { urls, count, nodeId } = workerData;
const sockets = [];
/** The last name each socket was told (edits of one node in one delivery batch arrive as one message). */
const lastName = [];
let updates = 0;

async function open() {
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++) {
      batch.push(
        new Promise((resolve, reject) => {
          const socket = new WebSocket(urls[j % urls.length]);
          const index = sockets.length;
          socket.on("message", (data) => {
            const message = JSON.parse(String(data));
            if (message.type === "connection_established") {
              socket.send(JSON.stringify({ type: "subscribe", node_ids: [nodeId] }));
              resolve();
            } else if (message.type === "node_updated") {
              updates++;
              lastName[index] = message.dnode.name;
            }
          });
          socket.on("error", reject);
          sockets.push(socket);
        }),
      );
    }
    await Promise.all(batch);
  }
}

parentPort.on("message", (message) => {
  if (message.count !== undefined) {
    const reached = lastName.filter((name) => name === message.count).length;
    parentPort.postMessage({ updates, reached });
  }
  if (message === "close") {
    for (const socket of sockets) socket.close(1000);
    parentPort.postMessage({ closed: true });
  }
});

open().then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ error: String(error) }),
);
