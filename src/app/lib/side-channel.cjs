/**
 * The browser build's stand-in for the `side-channel` package (vite.config.ts resolves qs's import of
 * it here). qs, which Refine uses for its list URLs, keys these channels by objects; the package's
 * own implementation also carries object-inspect and the get-intrinsic family (~11 kB gzip on every
 * page) for old engines and error wording. Same interface: weakly held object keys, others in a Map.
 */
module.exports = function getSideChannel() {
  const objects = new WeakMap();
  const others = new Map();
  const store = (key) => (key !== null && (typeof key === "object" || typeof key === "function") ? objects : others);
  const channel = {
    assert(key) {
      if (!channel.has(key)) throw new TypeError("Side channel does not contain the given key");
    },
    delete: (key) => store(key).delete(key),
    get: (key) => store(key).get(key),
    has: (key) => store(key).has(key),
    set(key, value) {
      store(key).set(key, value);
    },
  };
  return channel;
};
