// How the page reaches Kroon. Served by `kroon serve`: its WebSocket (/ws). In the static site
// (docs/web.md, "The static site"), whose index.html says so with <meta name="kroon-engine"
// content="worker">: a Web Worker that runs Kroon compiled to WebAssembly. Both carry the
// same JSON messages as text, so the rest of the page does not know which it talks to.
//
// openTransport({ onOpen, onMessage, onClose }) starts a connection; onMessage gets each
// message's text, onClose is called once when it ends (the page then opens a new one).
// It returns { send(text), open() }.

function inStaticSite() {
  return document.querySelector('meta[name="kroon-engine"]')?.content === 'worker';
}

function openSocket({ onOpen, onMessage, onClose }) {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  const socket = new WebSocket(url);
  socket.addEventListener('open', onOpen);
  socket.addEventListener('message', (event) => onMessage(event.data));
  socket.addEventListener('close', onClose);
  return {
    send: (text) => socket.send(text),
    open: () => socket.readyState === WebSocket.OPEN,
  };
}

function openWorker({ onOpen, onMessage, onClose }) {
  const worker = new Worker('session-worker.js');
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    worker.terminate();
    onClose();
  };
  worker.addEventListener('message', (event) => {
    // The worker's first words: it has loaded and the session has started.
    if (event.data === null) onOpen();
    else if (typeof event.data === 'string') onMessage(event.data);
    else if (event.data?.failed) close();
  });
  worker.addEventListener('error', close);
  return {
    send: (text) => { if (!closed) worker.postMessage(text); },
    open: () => !closed,
  };
}

// The static site's service worker keeps its files for use with no network, and serves them
// cross-origin isolated (a search is then stopped through a SharedArrayBuffer). The first
// visit is not served by it yet: once it is ready, the page loads again, once.
async function useServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('service-worker.js');
    await navigator.serviceWorker.ready;
    if (!self.crossOriginIsolated && !sessionStorage.getItem('kroon.reloaded')) {
      sessionStorage.setItem('kroon.reloaded', '1');
      location.reload();
    }
  } catch { /* no service worker (a file: address, a private window): the site works without */ }
}

let serviceWorkerAsked = false;

export function openTransport(handlers) {
  if (!inStaticSite()) return openSocket(handlers);
  if (!serviceWorkerAsked) {
    serviceWorkerAsked = true;
    useServiceWorker();
  }
  return openWorker(handlers);
}
