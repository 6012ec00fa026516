// The static site's inflater (docs/web.md, "The static site"): it inflates the zlib streams of
// the databases' distance blocks with the browser's DecompressionStream for the search worker
// (search-worker.js), which waits for each answer in a SharedArrayBuffer: the length of the
// bytes at [1] (-1: not one whole zlib stream that fits), then 1 at [0]; the bytes from byte 8.
self.addEventListener('message', async ({ data: { stream, reply } }) => {
  const answer = new Int32Array(reply, 0, 2);
  const room = new Uint8Array(reply, 8);
  let length = -1;
  try {
    const inflating = new Blob([stream]).stream().pipeThrough(new DecompressionStream('deflate'));
    const bytes = new Uint8Array(await new Response(inflating).arrayBuffer());
    if (bytes.length <= room.length) {
      room.set(bytes);
      length = bytes.length;
    }
  } catch { /* a damaged block: the search reads no distance from it */ }
  answer[1] = length;
  Atomics.store(answer, 0, 1);
  Atomics.notify(answer, 0);
});
postMessage('ready');
