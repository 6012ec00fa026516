// The static site's session worker (docs/web.md, "The static site"): one tab's session of
// Kroon in WebAssembly (session_host.cpp), which the page reaches through transport.js with
// the messages of docs/web.md, and the search worker it hands its searches to.
//
// Stopping a search: where the page is cross-origin isolated, a flag in a SharedArrayBuffer
// that the search's stop poll reads; elsewhere the search worker is ended and started again,
// and the search's last iteration stands as its result.
importScripts('kroon.js');

const stopFlag = self.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
let kroon = null;
let searchWorker = null;
let runningJob = 0;
let wakeTimer = 0;
let tasksQueued = false;

// Texts go into the module's memory through malloc: a PDN file may be a megabyte.
function withText(text, call) {
  const bytes = kroon.lengthBytesUTF8(text) + 1;
  const pointer = kroon._malloc(bytes);
  kroon.stringToUTF8(text, pointer, bytes);
  try { return call(pointer); } finally { kroon._free(pointer); }
}

function startSearchWorker() {
  searchWorker = new Worker('search-worker.js');
  searchWorker.postMessage({ type: 'init', stop: stopFlag ? stopFlag.buffer : null });
  searchWorker.addEventListener('message', ({ data }) => {
    if (data.id !== runningJob) return;
    withText(data.text, (p) => kroon._kroon_session_search_report(data.id, p));
  });
}

self.kroonHost = {
  sendToPage: (text) => postMessage(text),
  wakeAfter: (seconds) => {
    clearTimeout(wakeTimer);
    if (seconds >= 0) wakeTimer = setTimeout(() => kroon._kroon_session_timer(), seconds * 1000);
  },
  runTasksSoon: () => {
    if (tasksQueued) return;
    tasksQueued = true;
    setTimeout(() => { tasksQueued = false; kroon._kroon_session_run_tasks(); }, 0);
  },
  startSearch: (id, job) => {
    runningJob = id;
    if (stopFlag) Atomics.store(stopFlag, 0, 0);
    searchWorker.postMessage({ type: 'job', id, job });
  },
  stopSearch: (id) => {
    if (id !== runningJob) return;
    if (stopFlag) {
      Atomics.store(stopFlag, 0, 1);
      return;
    }
    searchWorker.terminate();
    startSearchWorker();
    // Reported from a task of its own: the module is still inside the call that stops.
    setTimeout(() => withText('{"type":"ended"}', (p) => kroon._kroon_session_search_report(id, p)), 0);
  },
};

const early = [];  // the page's messages that came before the module was ready
self.addEventListener('message', ({ data }) => {
  if (typeof data !== 'string') return;
  if (!kroon) early.push(data);
  else withText(data, (p) => kroon._kroon_session_receive(p));
});

createKroon().then((module) => {
  kroon = module;
  startSearchWorker();
  postMessage(null);  // ready: transport.js opens the connection
  kroon._kroon_session_start();
  for (const text of early.splice(0)) withText(text, (p) => kroon._kroon_session_receive(p));
}).catch((error) => postMessage({ failed: String(error) }));
