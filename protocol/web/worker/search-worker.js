// The static site's search worker (docs/web.md, "The static site"): Kroon's engine in
// WebAssembly (search_host.cpp) runs each job of the session's worker on this worker's one
// thread, and reports as it goes. The endgame databases of a variant are fetched when its
// first job comes (databases/index.json lists them), into the module's file system; a job
// whose position has few pieces waits for them.
//
// Their distance blocks are zlib streams, which WebAssembly has no zlib for: the browser's
// DecompressionStream inflates them in a worker of its own (inflate-worker.js) while this one
// waits for the bytes, which it can only where the page is cross-origin isolated. Elsewhere no
// distance is read, and the databases' values alone decide a won ending's moves.
importScripts('kroon.js');

let kroon = null;
let stopFlag = null;
let inflater = null;

function startInflater() {
  if (!self.crossOriginIsolated) return Promise.resolve();
  return new Promise((resolve) => {
    const worker = new Worker('inflate-worker.js');
    worker.addEventListener('message', () => { inflater = worker; resolve(); }, { once: true });
    worker.addEventListener('error', () => resolve(), { once: true });
  });
}

const ready = Promise.all([createKroon().then((module) => { kroon = module; }), startInflater()]);
const databases = new Map();  // variant -> the promise of its files, fetched once
let index = null;

self.kroonHost = {
  postReport: (text) => postMessage({ id: self.kroonJob, text }),
  stopRequested: () => stopFlag !== null && Atomics.load(stopFlag, 0) !== 0,
  // The stream's bytes inflated into `out` (views of the module's memory): their length, or -1.
  inflate: (stream, out) => {
    if (!inflater) return -1;
    const reply = new SharedArrayBuffer(8 + out.length);
    const answer = new Int32Array(reply, 0, 2);
    const copy = stream.slice();  // not the view, which would send the module's whole memory
    inflater.postMessage({ stream: copy, reply }, [copy.buffer]);
    // A block takes about a millisecond; an inflater that does not answer leaves it unread.
    if (Atomics.wait(answer, 0, 0, 5000) === 'timed-out') return -1;
    if (answer[1] >= 0) out.set(new Uint8Array(reply, 8, answer[1]));
    return answer[1];
  },
};

function withText(text, call) {
  const bytes = kroon.lengthBytesUTF8(text) + 1;
  const pointer = kroon._malloc(bytes);
  kroon.stringToUTF8(text, pointer, bytes);
  try { return call(pointer); } finally { kroon._free(pointer); }
}

async function fetchDatabases(variant) {
  if (!index) index = await fetch('databases/index.json').then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  const files = index[variant]?.files || [];
  if (files.length === 0) return false;
  kroon.FS.mkdirTree('/databases');
  await Promise.all(files.map(async (name) => {
    const response = await fetch(`databases/${name}`);
    if (!response.ok) throw new Error(`${name}: ${response.status}`);
    kroon.FS.writeFile(`/databases/${name}`, new Uint8Array(await response.arrayBuffer()));
  }));
  // A new shelf opens the folder again, with this variant's files in it.
  withText('/databases', (p) => kroon._kroon_search_databases(p));
  return true;
}

function databasesOf(variant) {
  if (!databases.has(variant)) databases.set(variant, fetchDatabases(variant).catch(() => false));
  return databases.get(variant);
}

const jobs = [];
let working = false;

async function work() {
  if (working) return;
  working = true;
  await ready;
  while (jobs.length > 0) {
    const { id, job } = jobs.shift();
    const facts = JSON.parse(withText(job, (p) => kroon.UTF8ToString(kroon._kroon_search_facts(p))));
    const fetching = databasesOf(facts.variant);
    if (facts.pieces <= 6) await fetching;
    self.kroonJob = id;
    withText(job, (p) => kroon._kroon_search_run(p));
  }
  working = false;
}

self.addEventListener('message', ({ data }) => {
  if (data.type === 'init') stopFlag = data.stop ? new Int32Array(data.stop) : null;
  else if (data.type === 'job') {
    jobs.push(data);
    work();
  }
});
